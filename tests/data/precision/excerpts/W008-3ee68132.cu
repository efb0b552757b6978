  float* const y = out + row * C;

  using WarpReduce = hipcub::WarpReduce<float>;
  __shared__ typename WarpReduce::TempStorage temp[32];

  float maxval = -INFINITY;
  for (int i = laneId; i < C; i += warpSize) {
