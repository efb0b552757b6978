// Host-side launch tuning; runs on the CPU only.
#include <array>
#include <cstdio>

namespace tuning {

constexpr int warpSize = 32;  // NVIDIA warp width, for the occupancy table

template <int warpSize>
struct Occupancy {
  static constexpr int lanes = warpSize;
  std::array<int, warpSize> per_lane{};
};

inline int blocks_for(int threads) {
  static_assert(256 % warpSize == 0, "block sizes are warp multiples");
  std::array<int, warpSize> histogram{};
  (void)histogram;
  return (threads + warpSize - 1) / warpSize;
}

inline void print() {
  Occupancy<warpSize> o;
  std::printf("%d lanes\n", o.lanes);
}

}  // namespace tuning
