// Copyright (c) 2013 Mark Harris (after harrism/cpp11-range, BSD-3): a
// Python-like range, a step range and a grid-stride range for range-based for
// loops in host and device code.
#pragma once

#include <iterator>

namespace util {
namespace detail {

template <typename T>
struct range_iter_base : std::iterator<std::input_iterator_tag, T> {
  __host__ __device__ range_iter_base(T current) : current(current) {}

  __host__ __device__ T operator*() const { return current; }

  __host__ __device__ T const *operator->() const { return &current; }

  __host__ __device__ range_iter_base &operator++() {
    ++current;
    return *this;
  }

  __host__ __device__ range_iter_base operator++(int) {
    auto copy = *this;
    ++*this;
    return copy;
  }

  __host__ __device__ bool operator==(range_iter_base const &other) const {
    return current == other.current;
  }

  __host__ __device__ bool operator!=(range_iter_base const &other) const {
    return !(*this == other);
  }

 protected:
  T current;
};

}  // namespace detail

template <typename T>
struct range_proxy {
  struct iter : detail::range_iter_base<T> {
    __host__ __device__ iter(T current) : detail::range_iter_base<T>(current) {}
  };

  struct step_range_proxy {
    struct iter : detail::range_iter_base<T> {
      __host__ __device__ iter(T current, T step)
          : detail::range_iter_base<T>(current), step(step) {}

      using detail::range_iter_base<T>::current;

      __host__ __device__ iter &operator++() {
        current += step;
        return *this;
      }

      __host__ __device__ iter operator++(int) {
        auto copy = *this;
        ++*this;
        return copy;
      }

      // Loses commutativity. Iterator-based ranges are simply broken. :-(
      __host__ __device__ bool operator==(iter const &other) const {
        return step > 0 ? current >= other.current : current < other.current;
      }

      __host__ __device__ bool operator!=(iter const &other) const {
        return !(*this == other);
      }

     private:
      T step;
    };

    __host__ __device__ step_range_proxy(T begin, T end, T step)
        : begin_(begin, step), end_(end, step) {}

    __host__ __device__ iter begin() const { return begin_; }

    __host__ __device__ iter end() const { return end_; }

   private:
    iter begin_;
    iter end_;
  };

  __host__ __device__ range_proxy(T begin, T end) : begin_(begin), end_(end) {}

  __host__ __device__ step_range_proxy step(T step) {
    return {*begin_, *end_, step};
  }

  __host__ __device__ iter begin() const { return begin_; }

  __host__ __device__ iter end() const { return end_; }

 private:
  iter begin_;
  iter end_;
};

template <typename T>
__host__ __device__ range_proxy<T> range(T begin, T end) {
  return {begin, end};
}

}  // namespace util

// type alias to simplify typing...
template <typename T>
using step_range = typename util::range_proxy<T>::step_range_proxy;

template <typename T>
__device__ step_range<T> grid_stride_range(T begin, T end) {
  begin += blockDim.x * blockIdx.x + threadIdx.x;
  return util::range(begin, end).step(gridDim.x * blockDim.x);
}
