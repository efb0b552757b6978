import os
import torch
from setuptools import setup, find_packages
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

os.environ.setdefault("PYTORCH_CUDA_ALLOC_CONF", "max_split_size_mb:512")
torch.backends.cuda.matmul.allow_tf32 = True

ext_modules = []
for name in ["gather", "scatter", "segment"]:
    ext_modules.append(
        CUDAExtension(
            f"graph_ops.{name}",
            [f"csrc/{name}.cpp", f"csrc/{name}_cuda.cu"],
            extra_compile_args={"nvcc": ["-O3", "--expt-extended-lambda"]},
        )
    )

setup(
    name="graph_ops",
    packages=find_packages(),
    ext_modules=ext_modules,
    cmdclass={"build_ext": BuildExtension},
    extras_require={"cupy": ["cupy-cuda12x"]},
)
