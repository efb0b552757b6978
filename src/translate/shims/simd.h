// CUDA's SIMD intrinsics (crt/device_functions.h): per-halfword and per-byte
// operations on the lanes of an unsigned int. HIP declares none of them at any
// version (AMD's tables list all 82 without a HIP name). The translation inserts
// the blocks of the ones a file uses, each where the first use's top-level
// declaration starts, for AMD GPUs only (HIP's NVIDIA path keeps CUDA's): a
// lane at a time, the lane read as CUDA reads it (signed or not), the result
// cut to the lane (CUDA wraps unless the name says saturate: `ss`, `us`);
// `__vset*` give 1 per lane where true, `__vcmp*` all ones, `__vsad*` the sum.
// Checked against CUDA's own on an NVIDIA GPU (ci/simd-check).

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vabs2)
// hipify-rs: HIP has no __vabs2; CUDA's per-halfword absolute value, wrapping
#define __vabs2(...) hipify_rs_vabs2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vabs2(unsigned int a) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i);
    r |= ((unsigned int)(x < 0 ? -x : x) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vabs4)
// hipify-rs: HIP has no __vabs4; CUDA's per-byte absolute value, wrapping
#define __vabs4(...) hipify_rs_vabs4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vabs4(unsigned int a) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i);
    r |= ((unsigned int)(x < 0 ? -x : x) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vabsss2)
// hipify-rs: HIP has no __vabsss2; CUDA's per-halfword absolute value with signed saturation
#define __vabsss2(...) hipify_rs_vabsss2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vabsss2(unsigned int a) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i);
    r |= ((unsigned int)(x < 0 ? (-x > 32767 ? 32767 : -x) : x) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vabsss4)
// hipify-rs: HIP has no __vabsss4; CUDA's per-byte absolute value with signed saturation
#define __vabsss4(...) hipify_rs_vabsss4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vabsss4(unsigned int a) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i);
    r |= ((unsigned int)(x < 0 ? (-x > 127 ? 127 : -x) : x) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vneg2)
// hipify-rs: HIP has no __vneg2; CUDA's per-halfword negation, wrapping
#define __vneg2(...) hipify_rs_vneg2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vneg2(unsigned int a) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i);
    r |= ((unsigned int)(-x) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vneg4)
// hipify-rs: HIP has no __vneg4; CUDA's per-byte negation, wrapping
#define __vneg4(...) hipify_rs_vneg4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vneg4(unsigned int a) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i);
    r |= ((unsigned int)(-x) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vnegss2)
// hipify-rs: HIP has no __vnegss2; CUDA's per-halfword negation with signed saturation
#define __vnegss2(...) hipify_rs_vnegss2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vnegss2(unsigned int a) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i);
    r |= ((unsigned int)(-x > 32767 ? 32767 : -x) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vnegss4)
// hipify-rs: HIP has no __vnegss4; CUDA's per-byte negation with signed saturation
#define __vnegss4(...) hipify_rs_vnegss4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vnegss4(unsigned int a) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i);
    r |= ((unsigned int)(-x > 127 ? 127 : -x) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vadd2)
// hipify-rs: HIP has no __vadd2; CUDA's per-halfword addition, wrapping
#define __vadd2(...) hipify_rs_vadd2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vadd2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= ((unsigned int)(x + y) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vadd4)
// hipify-rs: HIP has no __vadd4; CUDA's per-byte addition, wrapping
#define __vadd4(...) hipify_rs_vadd4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vadd4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= ((unsigned int)(x + y) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vaddss2)
// hipify-rs: HIP has no __vaddss2; CUDA's per-halfword addition with signed saturation
#define __vaddss2(...) hipify_rs_vaddss2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vaddss2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= ((unsigned int)(x + y > 32767 ? 32767 : (x + y < (-32768) ? (-32768) : x + y)) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vaddss4)
// hipify-rs: HIP has no __vaddss4; CUDA's per-byte addition with signed saturation
#define __vaddss4(...) hipify_rs_vaddss4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vaddss4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= ((unsigned int)(x + y > 127 ? 127 : (x + y < (-128) ? (-128) : x + y)) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vaddus2)
// hipify-rs: HIP has no __vaddus2; CUDA's per-halfword addition with unsigned saturation
#define __vaddus2(...) hipify_rs_vaddus2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vaddus2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= ((unsigned int)(x + y > 65535 ? 65535 : x + y) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vaddus4)
// hipify-rs: HIP has no __vaddus4; CUDA's per-byte addition with unsigned saturation
#define __vaddus4(...) hipify_rs_vaddus4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vaddus4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= ((unsigned int)(x + y > 255 ? 255 : x + y) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsub2)
// hipify-rs: HIP has no __vsub2; CUDA's per-halfword subtraction, wrapping
#define __vsub2(...) hipify_rs_vsub2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsub2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= ((unsigned int)(x - y) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsub4)
// hipify-rs: HIP has no __vsub4; CUDA's per-byte subtraction, wrapping
#define __vsub4(...) hipify_rs_vsub4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsub4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= ((unsigned int)(x - y) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsubss2)
// hipify-rs: HIP has no __vsubss2; CUDA's per-halfword subtraction with signed saturation
#define __vsubss2(...) hipify_rs_vsubss2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsubss2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= ((unsigned int)(x - y > 32767 ? 32767 : (x - y < (-32768) ? (-32768) : x - y)) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsubss4)
// hipify-rs: HIP has no __vsubss4; CUDA's per-byte subtraction with signed saturation
#define __vsubss4(...) hipify_rs_vsubss4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsubss4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= ((unsigned int)(x - y > 127 ? 127 : (x - y < (-128) ? (-128) : x - y)) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsubus2)
// hipify-rs: HIP has no __vsubus2; CUDA's per-halfword subtraction with unsigned saturation
#define __vsubus2(...) hipify_rs_vsubus2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsubus2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= ((unsigned int)(x - y < 0 ? 0 : x - y) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsubus4)
// hipify-rs: HIP has no __vsubus4; CUDA's per-byte subtraction with unsigned saturation
#define __vsubus4(...) hipify_rs_vsubus4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsubus4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= ((unsigned int)(x - y < 0 ? 0 : x - y) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vavgs2)
// hipify-rs: HIP has no __vavgs2; CUDA's per-halfword signed rounded average
#define __vavgs2(...) hipify_rs_vavgs2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vavgs2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= ((unsigned int)((x + y + (x + y >= 0 ? 1 : 0)) >> 1) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vavgs4)
// hipify-rs: HIP has no __vavgs4; CUDA's per-byte signed rounded average
#define __vavgs4(...) hipify_rs_vavgs4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vavgs4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= ((unsigned int)((x + y + (x + y >= 0 ? 1 : 0)) >> 1) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vavgu2)
// hipify-rs: HIP has no __vavgu2; CUDA's per-halfword unsigned rounded average
#define __vavgu2(...) hipify_rs_vavgu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vavgu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= ((unsigned int)((x + y + 1) >> 1) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vavgu4)
// hipify-rs: HIP has no __vavgu4; CUDA's per-byte unsigned rounded average
#define __vavgu4(...) hipify_rs_vavgu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vavgu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= ((unsigned int)((x + y + 1) >> 1) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vhaddu2)
// hipify-rs: HIP has no __vhaddu2; CUDA's per-halfword unsigned average
#define __vhaddu2(...) hipify_rs_vhaddu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vhaddu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= ((unsigned int)((x + y) >> 1) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vhaddu4)
// hipify-rs: HIP has no __vhaddu4; CUDA's per-byte unsigned average
#define __vhaddu4(...) hipify_rs_vhaddu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vhaddu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= ((unsigned int)((x + y) >> 1) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vmaxs2)
// hipify-rs: HIP has no __vmaxs2; CUDA's per-halfword signed maximum
#define __vmaxs2(...) hipify_rs_vmaxs2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vmaxs2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= ((unsigned int)(x > y ? x : y) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vmaxs4)
// hipify-rs: HIP has no __vmaxs4; CUDA's per-byte signed maximum
#define __vmaxs4(...) hipify_rs_vmaxs4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vmaxs4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= ((unsigned int)(x > y ? x : y) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vmaxu2)
// hipify-rs: HIP has no __vmaxu2; CUDA's per-halfword unsigned maximum
#define __vmaxu2(...) hipify_rs_vmaxu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vmaxu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= ((unsigned int)(x > y ? x : y) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vmaxu4)
// hipify-rs: HIP has no __vmaxu4; CUDA's per-byte unsigned maximum
#define __vmaxu4(...) hipify_rs_vmaxu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vmaxu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= ((unsigned int)(x > y ? x : y) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vmins2)
// hipify-rs: HIP has no __vmins2; CUDA's per-halfword signed minimum
#define __vmins2(...) hipify_rs_vmins2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vmins2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= ((unsigned int)(x < y ? x : y) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vmins4)
// hipify-rs: HIP has no __vmins4; CUDA's per-byte signed minimum
#define __vmins4(...) hipify_rs_vmins4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vmins4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= ((unsigned int)(x < y ? x : y) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vminu2)
// hipify-rs: HIP has no __vminu2; CUDA's per-halfword unsigned minimum
#define __vminu2(...) hipify_rs_vminu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vminu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= ((unsigned int)(x < y ? x : y) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vminu4)
// hipify-rs: HIP has no __vminu4; CUDA's per-byte unsigned minimum
#define __vminu4(...) hipify_rs_vminu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vminu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= ((unsigned int)(x < y ? x : y) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vabsdiffs2)
// hipify-rs: HIP has no __vabsdiffs2; CUDA's per-halfword absolute difference of signed values
#define __vabsdiffs2(...) hipify_rs_vabsdiffs2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vabsdiffs2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= ((unsigned int)(x > y ? x - y : y - x) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vabsdiffs4)
// hipify-rs: HIP has no __vabsdiffs4; CUDA's per-byte absolute difference of signed values
#define __vabsdiffs4(...) hipify_rs_vabsdiffs4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vabsdiffs4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= ((unsigned int)(x > y ? x - y : y - x) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vabsdiffu2)
// hipify-rs: HIP has no __vabsdiffu2; CUDA's per-halfword absolute difference of unsigned values
#define __vabsdiffu2(...) hipify_rs_vabsdiffu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vabsdiffu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= ((unsigned int)(x > y ? x - y : y - x) & 0xffffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vabsdiffu4)
// hipify-rs: HIP has no __vabsdiffu4; CUDA's per-byte absolute difference of unsigned values
#define __vabsdiffu4(...) hipify_rs_vabsdiffu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vabsdiffu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= ((unsigned int)(x > y ? x - y : y - x) & 0xffu) << i;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsads2)
// hipify-rs: HIP has no __vsads2; CUDA's per-halfword sum of absolute differences of signed values
#define __vsads2(...) hipify_rs_vsads2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsads2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r += (unsigned int)(x > y ? x - y : y - x);
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsads4)
// hipify-rs: HIP has no __vsads4; CUDA's per-byte sum of absolute differences of signed values
#define __vsads4(...) hipify_rs_vsads4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsads4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r += (unsigned int)(x > y ? x - y : y - x);
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsadu2)
// hipify-rs: HIP has no __vsadu2; CUDA's per-halfword sum of absolute differences of unsigned values
#define __vsadu2(...) hipify_rs_vsadu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsadu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r += (unsigned int)(x > y ? x - y : y - x);
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsadu4)
// hipify-rs: HIP has no __vsadu4; CUDA's per-byte sum of absolute differences of unsigned values
#define __vsadu4(...) hipify_rs_vsadu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsadu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r += (unsigned int)(x > y ? x - y : y - x);
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpeq2)
// hipify-rs: HIP has no __vcmpeq2; CUDA's per-halfword comparison a == b, all ones where true
#define __vcmpeq2(...) hipify_rs_vcmpeq2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpeq2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x == y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpeq4)
// hipify-rs: HIP has no __vcmpeq4; CUDA's per-byte comparison a == b, all ones where true
#define __vcmpeq4(...) hipify_rs_vcmpeq4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpeq4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x == y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vseteq2)
// hipify-rs: HIP has no __vseteq2; CUDA's per-halfword comparison a == b, 1 where true
#define __vseteq2(...) hipify_rs_vseteq2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vseteq2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x == y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vseteq4)
// hipify-rs: HIP has no __vseteq4; CUDA's per-byte comparison a == b, 1 where true
#define __vseteq4(...) hipify_rs_vseteq4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vseteq4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x == y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpne2)
// hipify-rs: HIP has no __vcmpne2; CUDA's per-halfword comparison a != b, all ones where true
#define __vcmpne2(...) hipify_rs_vcmpne2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpne2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x != y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpne4)
// hipify-rs: HIP has no __vcmpne4; CUDA's per-byte comparison a != b, all ones where true
#define __vcmpne4(...) hipify_rs_vcmpne4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpne4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x != y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetne2)
// hipify-rs: HIP has no __vsetne2; CUDA's per-halfword comparison a != b, 1 where true
#define __vsetne2(...) hipify_rs_vsetne2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetne2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x != y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetne4)
// hipify-rs: HIP has no __vsetne4; CUDA's per-byte comparison a != b, 1 where true
#define __vsetne4(...) hipify_rs_vsetne4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetne4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x != y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpges2)
// hipify-rs: HIP has no __vcmpges2; CUDA's per-halfword signed comparison a >= b, all ones where true
#define __vcmpges2(...) hipify_rs_vcmpges2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpges2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= (x >= y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpges4)
// hipify-rs: HIP has no __vcmpges4; CUDA's per-byte signed comparison a >= b, all ones where true
#define __vcmpges4(...) hipify_rs_vcmpges4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpges4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= (x >= y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetges2)
// hipify-rs: HIP has no __vsetges2; CUDA's per-halfword signed comparison a >= b, 1 where true
#define __vsetges2(...) hipify_rs_vsetges2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetges2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= (x >= y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetges4)
// hipify-rs: HIP has no __vsetges4; CUDA's per-byte signed comparison a >= b, 1 where true
#define __vsetges4(...) hipify_rs_vsetges4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetges4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= (x >= y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpgeu2)
// hipify-rs: HIP has no __vcmpgeu2; CUDA's per-halfword unsigned comparison a >= b, all ones where true
#define __vcmpgeu2(...) hipify_rs_vcmpgeu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpgeu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x >= y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpgeu4)
// hipify-rs: HIP has no __vcmpgeu4; CUDA's per-byte unsigned comparison a >= b, all ones where true
#define __vcmpgeu4(...) hipify_rs_vcmpgeu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpgeu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x >= y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetgeu2)
// hipify-rs: HIP has no __vsetgeu2; CUDA's per-halfword unsigned comparison a >= b, 1 where true
#define __vsetgeu2(...) hipify_rs_vsetgeu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetgeu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x >= y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetgeu4)
// hipify-rs: HIP has no __vsetgeu4; CUDA's per-byte unsigned comparison a >= b, 1 where true
#define __vsetgeu4(...) hipify_rs_vsetgeu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetgeu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x >= y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpgts2)
// hipify-rs: HIP has no __vcmpgts2; CUDA's per-halfword signed comparison a > b, all ones where true
#define __vcmpgts2(...) hipify_rs_vcmpgts2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpgts2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= (x > y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpgts4)
// hipify-rs: HIP has no __vcmpgts4; CUDA's per-byte signed comparison a > b, all ones where true
#define __vcmpgts4(...) hipify_rs_vcmpgts4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpgts4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= (x > y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetgts2)
// hipify-rs: HIP has no __vsetgts2; CUDA's per-halfword signed comparison a > b, 1 where true
#define __vsetgts2(...) hipify_rs_vsetgts2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetgts2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= (x > y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetgts4)
// hipify-rs: HIP has no __vsetgts4; CUDA's per-byte signed comparison a > b, 1 where true
#define __vsetgts4(...) hipify_rs_vsetgts4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetgts4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= (x > y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpgtu2)
// hipify-rs: HIP has no __vcmpgtu2; CUDA's per-halfword unsigned comparison a > b, all ones where true
#define __vcmpgtu2(...) hipify_rs_vcmpgtu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpgtu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x > y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpgtu4)
// hipify-rs: HIP has no __vcmpgtu4; CUDA's per-byte unsigned comparison a > b, all ones where true
#define __vcmpgtu4(...) hipify_rs_vcmpgtu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpgtu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x > y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetgtu2)
// hipify-rs: HIP has no __vsetgtu2; CUDA's per-halfword unsigned comparison a > b, 1 where true
#define __vsetgtu2(...) hipify_rs_vsetgtu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetgtu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x > y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetgtu4)
// hipify-rs: HIP has no __vsetgtu4; CUDA's per-byte unsigned comparison a > b, 1 where true
#define __vsetgtu4(...) hipify_rs_vsetgtu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetgtu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x > y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmples2)
// hipify-rs: HIP has no __vcmples2; CUDA's per-halfword signed comparison a <= b, all ones where true
#define __vcmples2(...) hipify_rs_vcmples2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmples2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= (x <= y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmples4)
// hipify-rs: HIP has no __vcmples4; CUDA's per-byte signed comparison a <= b, all ones where true
#define __vcmples4(...) hipify_rs_vcmples4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmples4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= (x <= y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetles2)
// hipify-rs: HIP has no __vsetles2; CUDA's per-halfword signed comparison a <= b, 1 where true
#define __vsetles2(...) hipify_rs_vsetles2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetles2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= (x <= y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetles4)
// hipify-rs: HIP has no __vsetles4; CUDA's per-byte signed comparison a <= b, 1 where true
#define __vsetles4(...) hipify_rs_vsetles4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetles4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= (x <= y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpleu2)
// hipify-rs: HIP has no __vcmpleu2; CUDA's per-halfword unsigned comparison a <= b, all ones where true
#define __vcmpleu2(...) hipify_rs_vcmpleu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpleu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x <= y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpleu4)
// hipify-rs: HIP has no __vcmpleu4; CUDA's per-byte unsigned comparison a <= b, all ones where true
#define __vcmpleu4(...) hipify_rs_vcmpleu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpleu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x <= y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetleu2)
// hipify-rs: HIP has no __vsetleu2; CUDA's per-halfword unsigned comparison a <= b, 1 where true
#define __vsetleu2(...) hipify_rs_vsetleu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetleu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x <= y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetleu4)
// hipify-rs: HIP has no __vsetleu4; CUDA's per-byte unsigned comparison a <= b, 1 where true
#define __vsetleu4(...) hipify_rs_vsetleu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetleu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x <= y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmplts2)
// hipify-rs: HIP has no __vcmplts2; CUDA's per-halfword signed comparison a < b, all ones where true
#define __vcmplts2(...) hipify_rs_vcmplts2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmplts2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= (x < y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmplts4)
// hipify-rs: HIP has no __vcmplts4; CUDA's per-byte signed comparison a < b, all ones where true
#define __vcmplts4(...) hipify_rs_vcmplts4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmplts4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= (x < y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetlts2)
// hipify-rs: HIP has no __vsetlts2; CUDA's per-halfword signed comparison a < b, 1 where true
#define __vsetlts2(...) hipify_rs_vsetlts2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetlts2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (short)(a >> i), y = (short)(b >> i);
    r |= (x < y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetlts4)
// hipify-rs: HIP has no __vsetlts4; CUDA's per-byte signed comparison a < b, 1 where true
#define __vsetlts4(...) hipify_rs_vsetlts4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetlts4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (signed char)(a >> i), y = (signed char)(b >> i);
    r |= (x < y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpltu2)
// hipify-rs: HIP has no __vcmpltu2; CUDA's per-halfword unsigned comparison a < b, all ones where true
#define __vcmpltu2(...) hipify_rs_vcmpltu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpltu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x < y) ? 0xffffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vcmpltu4)
// hipify-rs: HIP has no __vcmpltu4; CUDA's per-byte unsigned comparison a < b, all ones where true
#define __vcmpltu4(...) hipify_rs_vcmpltu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vcmpltu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x < y) ? 0xffu << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetltu2)
// hipify-rs: HIP has no __vsetltu2; CUDA's per-halfword unsigned comparison a < b, 1 where true
#define __vsetltu2(...) hipify_rs_vsetltu2(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetltu2(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 16) {
    int x = (int)((a >> i) & 0xffffu), y = (int)((b >> i) & 0xffffu);
    r |= (x < y) ? 1u << i : 0u;
  }
  return r;
}
#endif

#if (defined(__HIP__) || defined(__HIP_PLATFORM_AMD__)) && !defined(__vsetltu4)
// hipify-rs: HIP has no __vsetltu4; CUDA's per-byte unsigned comparison a < b, 1 where true
#define __vsetltu4(...) hipify_rs_vsetltu4(__VA_ARGS__)
__device__ inline unsigned int hipify_rs_vsetltu4(unsigned int a, unsigned int b) {
  unsigned int r = 0;
  for (int i = 0; i < 32; i += 8) {
    int x = (int)((a >> i) & 0xffu), y = (int)((b >> i) & 0xffu);
    r |= (x < y) ? 1u << i : 0u;
  }
  return r;
}
#endif
