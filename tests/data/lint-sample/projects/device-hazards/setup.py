from setuptools import setup
from torch.utils.cpp_extension import BuildExtension, CUDAExtension

setup(
    name="refine_ext",
    ext_modules=[CUDAExtension("refine_ext", ["tree.cu", "streaming.cu"], extra_compile_args={"cxx": ["-O3"], "nvcc": ["-O3", "-DNDEBUG"]})],
    cmdclass={"build_ext": BuildExtension},
)
