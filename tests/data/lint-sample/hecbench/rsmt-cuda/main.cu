// HeCBench rsmt-cuda/main.cu, lines 139-165, 227-247, 255-275
            const ctype y1 = y[edges[e1].dst];
            ctype x2 = x[edges[e2].src];
            ctype y2 = y[edges[e2].src];
            if (((x2 == x0) && (y2 == y0)) || ((x2 == x1) && (y2 == y1))) {
              x2 = x[edges[e2].dst];
              y2 = y[edges[e2].dst];
            }
            updated = true;
            insert = true;
            stx = max(min(x0, x1), min(max(x0, x1), x2));
            sty = max(min(y0, y1), min(max(y0, y1), y2));
          }
        }
      }
    }
    const int bal = __ballot_sync(0xffffffff, insert);
    const int pos = __popc(bal & ~(-1 << lane)) + num;
    if (insert) {
      x[pos] = stx;
      y[pos] = sty;
    }
    num += __popc(bal);
  }

  return __any_sync(0xffffffff, updated);
}

// ...
  __shared__ ctype dist[WarpsPerBlock][PinLimit];
  const int warp = threadIdx.x / WS;

  const int pin = idxin[i];
  const ID num = idxin[i + 1] - pin;
  const int pout = 2 * pin;

  // iterate until all Steiner points added
  ID cnt = num;
  do {
    buildMST<WarpsPerBlock, PinLimit>(cnt, &xout[pout], &yout[pout], &edges[pout], dist[warp]);
  } while (insertSteinerPoints<WarpsPerBlock, PinLimit>(cnt, &xout[pout], &yout[pout], &edges[pout], dist[warp]));
}

template <int WarpsPerBlock, int PinLimit>
static __global__ __launch_bounds__(WarpsPerBlock * WS, 2)
void largeNetKernel(const int* const __restrict__ idxin,
                    const ctype* const __restrict__ xin,
                    const ctype* const __restrict__ yin,
                    int* const __restrict__ idxout,
                    ctype* __restrict__ xout,
// ...
  do {
    int i;
    if (lane == 0) i = atomicAdd(&currpos1, 1);
    i = __shfl_sync(0xffffffff, i, 0);
    if (i >= numnets) break;
    processSmallNet<WarpsPerBlock, PinLimit>(i, idxin, xin, yin, idxout, xout, yout, edges, wl);
  } while (true);

  // set final element
  if ((threadIdx.x == 0) && (blockIdx.x == 0)) {
    idxout[numnets] = 2 * idxin[numnets];
  }
}

template <int WarpsPerBlock, int PinLimit>
static __global__ __launch_bounds__(WarpsPerBlock * WS, 2)
void smallNetKernel(const int* const __restrict__ idxin,
                    ctype* __restrict__ xout,
                    ctype* __restrict__ yout,
                     edge* __restrict__ edges,
                      int* const __restrict__ wl)