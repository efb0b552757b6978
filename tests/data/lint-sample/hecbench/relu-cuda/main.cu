// HeCBench relu-cuda/main.cu, lines 141-161
    v.x = max(b.x, 0);
    v.y = max(b.y, 0);
    v.z = max(b.z, 0);
    v.w = max(b.w, 0);
    output[index] = v.w << 24 | v.z << 16 | v.y << 8 | v.x;
  }
}

// This kernel computes Relu by processing one integer, four char, at a time.
// Kernel operation is max(input,  0)
__global__
void Relu_impl2(int count, const int* input, int* output)
{
  int index = blockIdx.x * blockDim.x + threadIdx.x;
  if (index < count) {
    output[index] = __vmaxs4(input[index], 0);
  }
}

int main(int argc, char* argv[])
{