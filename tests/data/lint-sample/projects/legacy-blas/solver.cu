// Conjugate-gradient driver written against the legacy (v1) cuBLAS API.
#include <cstdio>
#include <cublas.h>

int cg(int n, const float *dA, float *dx, const float *db, int iters) {
  cublasStatus st = cublasInit();
  if (st != CUBLAS_STATUS_SUCCESS) return -1;
  float *r, *p, *Ap;
  cublasAlloc(n, sizeof(float), (void **)&r);
  cublasAlloc(n, sizeof(float), (void **)&p);
  cublasAlloc(n, sizeof(float), (void **)&Ap);
  cublasScopy(n, db, 1, r, 1);
  cublasScopy(n, r, 1, p, 1);
  float rr = cublasSdot(n, r, 1, r, 1);
  for (int k = 0; k < iters && rr > 1e-12f; ++k) {
    cublasSgemv('n', n, n, 1.0f, dA, n, p, 1, 0.0f, Ap, 1);
    float alpha = rr / cublasSdot(n, p, 1, Ap, 1);
    cublasSaxpy(n, alpha, p, 1, dx, 1);
    cublasSaxpy(n, -alpha, Ap, 1, r, 1);
    float rr_new = cublasSdot(n, r, 1, r, 1);
    cublasSscal(n, rr_new / rr, p, 1);
    cublasSaxpy(n, 1.0f, r, 1, p, 1);
    rr = rr_new;
  }
  if (cublasGetError() != CUBLAS_STATUS_SUCCESS) fprintf(stderr, "cublas failed\n");
  cublasFree(r);
  cublasFree(p);
  cublasFree(Ap);
  cublasShutdown();
  return 0;
}
