import pytest

from oomdoctor import OomdoctorError
from oomdoctor.gpus import CUDA_CONTEXT_BYTES, gpu_by_name, resolve_gpu
from oomdoctor.units import GiB, MiB, format_bytes, parse_size


@pytest.mark.parametrize("text, expected", [("12GiB", 12 * GiB), ("12GB", 12 * GiB), ("16g", 16 * GiB),
                                            ("8000MiB", 8000 * MiB), ("1.5 GiB", int(1.5 * GiB)), ("512B", 512),
                                            ("2PiB", 2**51)])
def test_parse_size(text, expected):
    assert parse_size(text) == expected


def test_a_bare_number_needs_a_unit_on_the_command_line():
    with pytest.raises(OomdoctorError, match="no unit"):
        parse_size("12")
    assert parse_size("512", unit_required=False) == 512  # a log's byte count


@pytest.mark.parametrize("text", ["twelve", "-3GiB", "12 parsecs", "0GiB", "9" * 400 + "GiB", "2000EiB", "1e9GiB"])
def test_parse_size_rejects(text):
    with pytest.raises(OomdoctorError):
        parse_size(text)


def test_format_bytes_of_any_number():
    assert format_bytes(3 * 2**50) == "3.0 PiB"
    assert format_bytes(10**400) == "more than 1024 EiB"


def test_format_bytes():
    assert format_bytes(11.5 * GiB) == "11.5 GiB"
    assert format_bytes(512) == "512 B"
    assert format_bytes(770 * MiB) == "770 MiB"


@pytest.mark.parametrize("name", ["T4", "P100", "V100-16GB", "V100-32GB", "A10", "A10G", "L4", "L40S", "A100-40GB",
                                  "A100-80GB", "H100-80GB", "H200", "RTX 2080 Ti", "RTX 3060", "RTX 3080",
                                  "RTX 3090", "RTX 4060 Ti-16GB", "RTX 4070", "RTX 4080", "RTX 4090", "RTX 5090"])
def test_catalog_has_the_issue_list(name):
    gpu = gpu_by_name(name)
    assert gpu.usable_bytes == gpu.total_bytes - CUDA_CONTEXT_BYTES > 0


def test_loose_names():
    assert gpu_by_name("a100 80gb").name == "A100-80GB"
    assert gpu_by_name("4090").name == "RTX 4090"
    assert gpu_by_name("nvidia geforce rtx 3090").name == "RTX 3090"
    assert resolve_gpu("12GiB").total_bytes == 12 * GiB


def test_unknown_gpu_names_the_fix():
    with pytest.raises(OomdoctorError, match="--gpu-memory"):
        gpu_by_name("Voodoo 3")
