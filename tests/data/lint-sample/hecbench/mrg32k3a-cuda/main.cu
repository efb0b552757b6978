// HeCBench mrg32k3a-cuda/main.cu, lines 56-76, 102-122

void print_vector(const std::vector<float> &data, size_t n) {
  for (size_t i = data.size()-n; i < data.size(); i++)
    std::printf("%0.6f\n", data[i]);
}

void print_vector(const std::vector<unsigned int> &data, size_t n) {
  for (size_t i = data.size()-n; i < data.size(); i++)
    std::printf("%d\n", data[i]);
}

using data_type = float;

void run_on_device(const int &n, const unsigned long long &offset,
                   const unsigned long long &seed,
                   const curandOrdering_t &order, const curandRngType_t &rng,
                   curandGenerator_t &gen,
                   std::vector<data_type> &h_data) {

  data_type *d_data = nullptr;

// ...
  CUDA_CHECK(cudaFree(d_data));
}

void run_on_host(const int &n, const unsigned long long &offset,
                 const unsigned long long &seed, const curandOrdering_t &order,
                 const curandRngType_t &rng,
                 curandGenerator_t &gen, std::vector<data_type> &h_data) {

  /* Create pseudo-random number generator */
  CURAND_CHECK(curandCreateGeneratorHost(&gen, CURAND_RNG_PSEUDO_MRG32K3A));

  /* Set offset */
  CURAND_CHECK(curandSetGeneratorOffset(gen, offset));

  /* Set ordering */
  CURAND_CHECK(curandSetGeneratorOrdering(gen, order));

  /* Set seed */
  CURAND_CHECK(curandSetPseudoRandomGeneratorSeed(gen, seed));

  /* Generate n floats on host */