        nvcc_flags.append('-std=c++17')
