import torch
from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

IS_ROCM = torch.version.hip is not None

extra = {"cxx": ["-O2"]}
if not IS_ROCM:
    extra["nvcc"] = ["-O2", "-arch=sm_80", "-Xptxas", "-O3"]
else:
    extra["nvcc"] = ["-O2", "-ffast-math"]

setup(
    name="sparse_attn",
    ext_modules=[CUDAExtension("sparse_attn_cuda", ["sparse_attn.cpp", "sparse_attn_kernel.cu"], extra_compile_args=extra)],
    cmdclass={"build_ext": BuildExtension},
)
