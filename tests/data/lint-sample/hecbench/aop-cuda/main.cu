// HeCBench aop-cuda/main.cu, lines 463-483, 601-621
  double B02 = U00*V20 + U01*V21 + U02*V22;
  double B11 = U10*V10 + U11*V11 + U12*V12;
  double B12 = U10*V20 + U11*V21 + U12*V22;
  double B22 = U20*V20 + U21*V21 + U22*V22;
  
  smem_svds[ 6] = B00*R00 + B01*R01 + B02*R02;
  smem_svds[ 7] =           B01*R11 + B02*R12;
  smem_svds[ 8] =                     B02*R22;
  smem_svds[ 9] =           B11*R11 + B12*R12;
  smem_svds[10] =                     B12*R22;
  smem_svds[11] =                     B22*R22;
#endif
}

template< int NUM_THREADS_PER_BLOCK, typename Payoff >
__global__ __launch_bounds__(NUM_THREADS_PER_BLOCK, 4)
void prepare_svd_kernel(int num_paths, 
                        int min_in_the_money, 
                        Payoff payoff, 
                        const double *__restrict paths, 
                                 int *__restrict all_out_of_the_money, 
// ...
    __syncthreads();
    
    // The 1st thread has everything he needs to build R from the QR decomposition.
    if( threadIdx.x == 0 )
      svd_3x3(lsum, lsums, smem_svds);

    __syncthreads();

    // Store the final results.
    if( threadIdx.x < R_W_MATRICES_SMEM_SLOTS )
      svds[16*blockIdx.x + threadIdx.x] = smem_svds[threadIdx.x];
  }
}

template< int NUM_THREADS_PER_BLOCK, typename Payoff >
__global__ __launch_bounds__(NUM_THREADS_PER_BLOCK, 8)
void compute_partial_beta_kernel(int num_paths,
                                 Payoff payoff,
                                 const double *__restrict svd,
                                 const double *__restrict paths,
                                 const double *__restrict cashflows,