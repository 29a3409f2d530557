"""`oomdoctor explain`: real-format OOM logs from each framework, the numbers extracted, both languages."""
import json
import subprocess
import sys
from pathlib import Path

import pytest

from oomdoctor.cli import main

LOGS = Path(__file__).parents[1] / "logs"
MODELS = Path(__file__).parents[1] / "models" / "small.py"
ROOT = Path(__file__).parents[2]

EXPECTED = {
    "tensorflow_seed.log": {"framework": "tensorflow", "requested_bytes": 3081932032, "limit_bytes": 11560419328,
                            "in_use_bytes": 9247614976, "free_bytes": 11560419328 - 9247614976,
                            "shape": [6019376, 128], "dtype": "float32", "op": "Adam/Square",
                            "allocator": "GPU_0_bfc"},
    "jax.log": {"framework": "jax", "requested_bytes": 4560490496},
    "torch.log": {"framework": "torch", "requested_bytes": int(2.87 * 2**30), "total_bytes": int(15.77 * 2**30),
                  "free_bytes": int(1.23 * 2**30), "allocated_bytes": int(9.48 * 2**30),
                  "reserved_bytes": int(9.48 * 2**30) + int(4.73 * 2**30), "in_use_bytes": int(14.53 * 2**30)},
    "torch_old.log": {"framework": "torch", "requested_bytes": 20 * 2**20, "total_bytes": int(15.78 * 2**30),
                      "allocated_bytes": int(13.45 * 2**30), "free_bytes": int(3.75 * 2**20),
                      "reserved_bytes": int(14.17 * 2**30)},
}


def run(capsys, *args) -> tuple[int, str]:
    code = main(["explain", *args])
    return code, capsys.readouterr().out


@pytest.mark.parametrize("log, expected", sorted(EXPECTED.items()))
def test_numbers_are_extracted(log, expected, capsys):
    code, out = run(capsys, str(LOGS / log), "--json")
    data = json.loads(out)
    assert code == 0
    for key, value in expected.items():
        if isinstance(value, int) and key.endswith("_bytes"):
            assert abs(data[key] - value) <= 0.01 * value + 1, (key, data[key], value)  # printed sizes are rounded
        else:
            assert data[key] == value, key
    assert data["diagnosis"] and data["fixes"]


def test_tensorflow_seed_log_is_explained(capsys):
    code, out = run(capsys, str(LOGS / "tensorflow_seed.log"))
    assert "It asked for 2.9 GiB when only 2.2 GiB was free." in out
    assert "Case: optimizer-update" in out and "Adam/Square" in out and "Flatten" in out and "nvidia-smi" in out
    assert "smaller batch" not in out  # the batch barely changes a 770 M-parameter kernel's optimizer state


def test_torch_fragmentation(capsys):
    code, out = run(capsys, str(LOGS / "torch.log"))
    assert "fragmented" in out and "expandable_segments" in out


def test_model_names_the_weight(capsys):
    code, out = run(capsys, str(LOGS / "tensorflow_seed.log"), "--model", f"{MODELS}:dense_only", "--json")
    assert json.loads(out)["owner"] is None  # no weight of that shape in this model
    seed = ROOT / "tests" / "models" / "seed.py"
    code, out = run(capsys, str(LOGS / "tensorflow_seed.log"), "--model", f"{seed}:seed", "--json")
    data = json.loads(out)
    assert data["owner"] == "the weight seed_audio_classifier/dense/kernel"
    assert data["diagnosis"][0].startswith("The failed allocation is the weight")


def test_standard_input_and_unrecognised(capsys, monkeypatch):
    import io

    monkeypatch.setattr(sys, "stdin", io.StringIO((LOGS / "jax.log").read_text()))
    code, out = run(capsys, "-")
    assert code == 0 and "4.2 GiB" in out
    code, out = run(capsys, str(LOGS / "not_oom.log"))
    assert code == 1 and "No out-of-memory error" in out


def test_chinese(capsys):
    code, out = run(capsys, str(LOGS / "tensorflow_seed.log"), "--lang", "zh")
    assert "内存不足" in out and "它申请了 2.9 GiB，而当时只有 2.2 GiB 空闲。" in out
    assert "怎么办" in out
    code, out = run(capsys, str(LOGS / "torch.log"), "--lang", "zh", "--json")
    data = json.loads(out)
    assert "requested_bytes" in data and any("碎片" in line for line in data["diagnosis"])  # keys stay English
    run(capsys, str(LOGS / "torch.log"), "--lang", "en")


def test_locale_selects_chinese():
    proc = subprocess.run([sys.executable, "-m", "oomdoctor", "explain", str(LOGS / "jax.log")], capture_output=True,
                          text=True, env={"LANG": "zh_CN.UTF-8", "PATH": "/usr/bin:/bin"})
    assert "内存不足" in proc.stdout


def test_missing_log_and_bad_language(capsys):
    assert main(["explain", "no-such.log"]) == 2
    assert main(["explain", str(LOGS / "jax.log"), "--lang", "fr"]) == 2
    err = capsys.readouterr().err
    assert "No such file" in err and "Unknown language" in err


def test_catalogs_are_complete_and_compiled():
    proc = subprocess.run([sys.executable, str(ROOT / "scripts" / "compile_catalogs.py"), "--check"],
                          capture_output=True, text=True)
    assert proc.returncode == 0, proc.stderr


@pytest.mark.parametrize("lang", ["en", "zh"])
@pytest.mark.parametrize("log", ["tensorflow_seed", "torch"])
def test_golden_report(log, lang, golden, capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "110")
    code, out = run(capsys, str(LOGS / f"{log}.log"), "--lang", lang)
    assert code == 0
    golden(out, f"test_explain_{log}" + (".zh" if lang == "zh" else "") + ".out")


def test_batch_size_compares_the_step_with_the_device(capsys):
    code, out = run(capsys, str(LOGS / "tensorflow_seed.log"), "--model", f"{MODELS}:dense_only", "-b", "8",
                    "--json")
    data = json.loads(out)
    assert code == 0 and data["step_peak_bytes"] > 0
    said = [line for line in data["diagnosis"] if line.startswith("oomdoctor estimates the training step at batch 8")]
    assert len(said) == 1 and "the device had 10.8 GiB for it: it fits" in said[0]


def test_batch_size_needs_a_model(capsys):
    assert main(["explain", str(LOGS / "torch.log"), "-b", "8"]) == 2
    assert "--batch-size needs --model" in capsys.readouterr().err


def test_text_whose_lower_case_is_longer_is_read_in_place():
    """"İ".lower() is two code points: positions found in a lower-case copy must still index the text."""
    from oomdoctor.explain import explain

    log = (LOGS / "torch.log").read_text()
    result = explain("İ" * 5000 + "\n" + log)
    assert result.case == "fragmentation" and result.requested_bytes == explain(log).requested_bytes


def test_mps_names_what_metal_holds_beside_pytorch():
    from oomdoctor.explain import explain

    result = explain((LOGS / "real" / "mps-gib-comfyui.log").read_text())
    assert result.case == "mps-watermark"
    assert any(line.startswith("17.3 GiB of that limit was allocated by this process outside") for line in
               result.diagnosis)
    assert result.fixes[0].startswith("Free what else this process holds on the GPU")


def test_xla_cpu_client_runs_out_of_ram():
    """"Out of memory allocating N bytes" is the wording of XLA's CPU client (AlignedMalloc): where the text says
    the program ran on the CPU, it is RAM that ran out; where it names no platform, the GPU stays the guess."""
    from oomdoctor.explain import explain

    error = "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory allocating 124867611608 bytes.\n"
    on_cpu = explain("WARNING:absl:No GPU/TPU found, falling back to CPU. (Set TF_CPP_MIN_LOG_LEVEL=0 and rerun for "
                     "more info.)\n" + error)
    assert (on_cpu.memory, on_cpu.case, on_cpu.requested_bytes) == ("host", "host-memory", 124867611608)
    assert on_cpu.diagnosis[0].startswith("XLA ran this program on the CPU")
    assert explain("Devices: [TFRT_CPU_0]\n" + error).memory == "host"
    assert explain(error).memory == "gpu"
    assert explain("Devices: [cuda(id=0)] on TFRT_CPU_0's host\n" + error).memory == "gpu"


def test_cudnn_and_cublas_handles_that_could_not_be_created():
    """cuDNN's INTERNAL_ERROR and cuBLAS's NOT_INITIALIZED when a handle is created are what a GPU preallocated
    whole gives them (said with a caveat); cuDNN's NOT_INITIALIZED is a driver or a build, not memory."""
    from oomdoctor.explain import explain

    prefix = "2021-10-20 09:43:47.411003: E external/org_tensorflow/tensorflow/stream_executor/cuda/"
    jax = explain(prefix + "cuda_dnn.cc:373] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR\n"
                  + prefix + "cuda_blas.cc:226] failed to create cublas handle: CUBLAS_STATUS_NOT_INITIALIZED\n"
                  '  File "/home/u/lib/python3.8/site-packages/jax/_src/lax/lax.py", line 653, in '
                  "conv_general_dilated\n")
    assert (jax.oom, jax.framework, jax.memory, jax.case) == (True, "jax", "gpu", "preallocation")
    assert any("another status than ALLOC_FAILED" in line for line in jax.diagnosis)
    tf = explain("E tensorflow/stream_executor/cuda/cuda_blas.cc:226] failed to create cublas handle: "
                 "CUBLAS_STATUS_NOT_INITIALIZED\n")
    assert (tf.oom, tf.framework, tf.case) == (True, "tensorflow", "preallocation")
    assert not explain("E tensorflow/stream_executor/cuda/cuda_dnn.cc:329] Could not create cudnn handle: "
                       "CUDNN_STATUS_NOT_INITIALIZED\n").oom


def test_tpu_program_reservation_figures():
    """The TPU runtime loading a program: the reservation it attempted (the exact bytes of the program's
    requirement), what was free, the HBM's capacity, what buffers held and the largest free chunk."""
    from oomdoctor.explain import explain

    log = ("RuntimeError: Resource exhausted: From /job:tpu_worker/replica:0/task:0:\n"
           "Attempting to reserve 2.50G at the bottom of memory. That was not possible. There are 1.25G free, 0B "
           "reserved, and 1.25G reservable.;\n"
           "HBM capacity 16.00G:\n"
           "       Top-of-Memory reserved:  512.00M (     536,870,912 bytes)\n"
           "          Currently allocated:   14.25G (  15,300,820,992 bytes)\n"
           "          Program requirement:    2.50G (   2,684,354,560 bytes)\n"
           "; attempting reservation for program memory\n\n"
           "Heap allocator status:\n"
           "    Max free chunk             1.00G (20.0% fragmentation)\n")
    result = explain(log)
    assert (result.memory, result.case) == ("tpu", "compile-time")
    assert (result.requested_bytes, result.in_use_bytes) == (2_684_354_560, 15_300_820_992)
    assert (result.free_bytes, result.total_bytes, result.largest_free_block_bytes) == (
        int(1.25 * 2**30), 16 * 2**30, 2**30)
    assert result.diagnosis[-1].startswith("The TPU was loading the compiled program")


def test_tensorflow_1x_node_gives_shape_and_dtype():
    """TensorFlow 1.x names the failing node with its attributes: the OOM line without "and type" takes the
    node's T (not Tlen, not a later node's tensor_type), and "Dst tensor is not initialized" a constant's value."""
    from oomdoctor.explain import explain

    oom = explain("E OOM when allocating tensor with shape[500,4,1024]\n"
                  "E \t [[Node: tower_1/Reverse = ReverseSequence[T=DT_HALF, Tlen=DT_INT64, batch_dim=1, seq_dim=0, "
                  '_device="/job:localhost/replica:0/task:0/gpu:1"](tower_1/x, tower_1/len)]]\n'
                  "E \t [[Node: tower_1/_55 = _Recv[client_terminated=false, tensor_type=DT_FLOAT, "
                  '_device="/job:localhost/replica:0/task:0/cpu:0"]()]]\n')
    assert (oom.shape, oom.dtype, oom.requested_bytes) == ([500, 4, 1024], "float16", 500 * 4 * 1024 * 2)
    dst = explain("tensorflow.python.framework.errors_impl.InternalError: Dst tensor is not initialized.\n"
                  "\t [[Node: zeros_3 = Const[dtype=DT_FLOAT, value=Tensor<type: float shape: [16384,1024] "
                  'values: [0 0 0]...>, _device="/job:localhost/replica:0/task:0/gpu:0"]()]]\n')
    assert (dst.shape, dst.dtype, dst.op, dst.case) == ([16384, 1024], "float32", "zeros_3", "weights-or-loading")


def test_a_tensorflow_pool_smaller_than_any_gpu_was_left_by_others():
    """TensorFlow's BFC pool is what was free when it started: one of 100 MiB, with the device's total unstated,
    is other processes' doing (or a limit), and a request larger than it is not one larger than the device."""
    from oomdoctor.explain import explain

    stats = ("I tensorflow/core/common_runtime/bfc_allocator.cc:700] Sum Total of in-use chunks: 68.2KiB\n"
             "I tensorflow/core/common_runtime/bfc_allocator.cc:702] Stats: \n"
             "Limit:                   104857600\nInUse:                       69888\nMaxInUse:              69888\n")
    small = explain("W tensorflow/core/common_runtime/bfc_allocator.cc:274] Allocator (GPU_0_bfc) ran out of memory "
                    "trying to allocate 192.00MiB.  See logs for memory state.\n" + stats)
    assert (small.limit_bytes, small.requested_bytes, small.case) == (104857600, 192 * 2**20, "limit-or-other-process")
    assert small.diagnosis[2].startswith("TensorFlow's allocator had 100 MiB in all, less than any GPU")
    assert explain(stats.replace("104857600", "10485760000")).case == "activations-batch"


def test_tensorflow_1_0_bfc_sentence():
    """TensorFlow 1.0's BFC allocator began its sentence itself: "Ran out of memory trying to allocate 96.00MiB."."""
    from oomdoctor.explain import explain

    result = explain("W tensorflow/core/common_runtime/bfc_allocator.cc:274] *_______________________________\n"
                     "W tensorflow/core/common_runtime/bfc_allocator.cc:275] Ran out of memory trying to allocate "
                     "96.00MiB.  See logs for memory state.\n"
                     "W tensorflow/core/framework/op_kernel.cc:993] Resource exhausted: OOM when allocating tensor "
                     "with shape[4096,6144]\n")
    assert (result.framework, result.requested_bytes, result.shape) == ("tensorflow", 96 * 2**20, [4096, 6144])


def test_jax_failing_in_a_models_init_is_its_weights():
    """A JAX traceback through a function named init (Flax's model.init, Haiku's init_fn, a model's own init_*)
    failed making the parameters, whatever the batch; a step's traceback stays the step's."""
    from oomdoctor.explain import explain

    error = ("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
             "33554432 bytes.\n")
    flax = explain('Traceback (most recent call last):\n  File "train.py", line 40, in <module>\n'
                   "    variables = model.init(jax.random.PRNGKey(0), dummy)\n" + error)
    haiku = explain('  File "/usr/lib/python3/site-packages/haiku/_src/transform.py", line 114, in init_fn\r\n'
                    "    params, state = f.init(*args, **kwargs)\r\n" + error)
    step = explain('  File "train.py", line 52, in <module>\n    state, loss = train_step(state, batch)\n'
                   '  File "train.py", line 31, in train_step\n    grads = jax.grad(loss_fn)(state.params)\n' + error)
    assert (flax.case, haiku.case, step.case) == ("weights-or-loading", "weights-or-loading", "activations-batch")


def test_words_about_a_cuda_oom_are_not_one():
    """PyTorch prints "CUDA out of memory." (or an exception's message cut after it); a sentence about one
    ("why CUDA out of memory issue happened") is not its message."""
    from oomdoctor.explain import explain

    assert explain("RuntimeError: CUDA out of memory.\n").case == "activations-batch"
    assert explain("torch.cuda.OutOfMemoryError: CUDA out of memory\n").oom
    prose = explain("|GPU RAM used|17.5G| 17.5G | unknown as cuda out of memory issue|\n"
                    "3) why CUDA out of memory issue happened for num_workers = 4?\n")
    assert (prose.oom, prose.case) == (False, "not-oom")


def test_a_log_that_is_no_oom_still_names_its_framework():
    """Nothing failed to allocate, but the log is a framework's: saying whose error it is helps (a shape error in
    PyTorch, TensorFlow's "not a failure" warnings); a log that names none stays without one."""
    from oomdoctor.explain import explain

    shape = explain('  File "/opt/conda/lib/python3.10/site-packages/torch/nn/modules/linear.py", line 114, in forward\n'
                    "    return F.linear(input, self.weight, self.bias)\n"
                    "RuntimeError: mat1 and mat2 shapes cannot be multiplied (64x2048 and 1024x10)\n")
    assert (shape.oom, shape.case, shape.framework) == (False, "not-oom", "torch")
    assert explain("ValueError: invalid literal for int() with base 10: 'x'\n").framework is None


def test_a_request_printed_as_large_as_the_free_memory_did_not_fit():
    """PyTorch rounds each figure to a hundredth of its unit, and its allocator rounds the request up: a request
    printed equal to what was free is not memory that was there for it; one well under it is."""
    from oomdoctor.explain import explain

    line = ("RuntimeError: CUDA out of memory. Tried to allocate {request} (GPU 1; 10.92 GiB total capacity; "
            "2.09 GiB already allocated; 6.40 GiB free; 2.14 GiB reserved in total by PyTorch)")
    assert explain(line.format(request="6.40 GiB")).case == "activations-batch"
    assert explain(line.format(request="20.00 MiB")).case == "limit-or-other-process"


def test_xla_rematerialization_states_the_limit():
    """XLA's rematerialisation pass is given what the program may use on the device: "Can't reduce memory use below
    X (N bytes)" states that limit (0 bytes: none set), and a request above it cannot fit, whatever recomputing does."""
    from oomdoctor.explain import explain

    remat = ("W external/xla/xla/service/hlo_rematerialization.cc:2202] Can't reduce memory use below 23.81GiB "
             "(25567444992 bytes) by rematerialization; only reduced to 86.14GiB (92489619062 bytes), down from "
             "95.71GiB (102770769072 bytes) originally\n")
    error = ("E external/xla/xla/pjrt/pjrt_stream_executor_client.cc:2593] Execution of replica 0 failed: "
             "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 92198188384 bytes.\n")
    result = explain(remat + error)
    assert (result.limit_bytes, result.requested_bytes, result.case) == (25567444992, 92198188384, "larger-than-device")
    assert "rematerialisation" in result.diagnosis[-1]
    unset = explain(remat.replace("23.81GiB (25567444992 bytes)", "0B (0 bytes)") + error)
    assert (unset.limit_bytes, unset.case) == (None, "activations-batch")


def test_windows_paging_file_too_small_is_host_memory():
    """WinError 1455, "The paging file is too small for this operation to complete": Windows' commit limit (RAM and
    the paging file) was reached, here loading a framework's DLLs: host memory, with the paging file's advice."""
    from oomdoctor.explain import explain

    result = explain("    import torch\n"
                     "E   OSError: [WinError 1455] The paging file is too small for this operation to complete. Error "
                     'loading "C:\\Python39\\lib\\site-packages\\torch\\lib\\cudnn_cnn_infer64_8.dll" or one of its '
                     "dependencies.\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "torch", "host", "host-memory")
    assert "paging file" in result.fixes[0]


def test_tpu_buffer_that_found_its_memory_in_pieces():
    """The TPU runtime says when a buffer found enough free HBM but not in one piece: "Due to fragmentation, the
    largest contiguous region of free memory is 30.56M." is the largest free block, and fragmentation the case even
    where the log states no total."""
    from oomdoctor.explain import explain

    result = explain("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Attempting to allocate 31.06M. That "
                     "was not possible. There are 58.64M free. Due to fragmentation, the largest contiguous region of "
                     "free memory is 30.56M.; (0x0x0_HBM0)\n")
    assert (result.memory, result.requested_bytes, result.free_bytes, result.largest_free_block_bytes) == (
        "tpu", int(31.06 * 2**20), int(58.64 * 2**20), int(30.56 * 2**20))
    assert result.case == "fragmentation" and result.fixes[0].startswith("On a TPU")


def test_tpu_buffer_in_bytes_allocatable_and_available():
    """The TPU runtime's message in bytes, the memory named by its chip and HBM: "N bytes allocatable" is what one
    allocation can get (the largest free block), "N bytes available" all that is free; a request between them found
    the HBM in pieces, one above both found too little."""
    from oomdoctor.explain import explain

    pieces = explain("RuntimeError: RESOURCE_EXHAUSTED: Could not allocate 268435456 bytes in memory 0x0x1_HBM1; "
                     "150994944 bytes allocatable, 402653184 bytes available\nThe stack trace below excludes "
                     "JAX-internal frames.\n")
    assert (pieces.framework, pieces.memory, pieces.requested_bytes, pieces.largest_free_block_bytes,
            pieces.free_bytes, pieces.case) == ("jax", "tpu", 268435456, 150994944, 402653184, "fragmentation")
    short = explain("XlaRuntimeError: RESOURCE_EXHAUSTED: Could not allocate 1073741824 bytes in memory 0x0x0_HBM0; "
                    "524288000 bytes allocatable, 536870912 bytes available\n")
    assert (short.memory, short.requested_bytes) == ("tpu", 2**30) and short.case != "fragmentation"
    # a memory that is no HBM is no TPU's
    pool = explain("RuntimeError: RESOURCE_EXHAUSTED: Could not allocate 4096 bytes in memory pinned_host; 0 bytes "
                   "allocatable, 0 bytes available\n")
    assert pool.memory != "tpu"


def test_tensorflows_hint_names_it_where_a_py_functions_numpy_ran_out():
    """NumPy's MemoryError inside a tf.py_function, re-raised by TensorFlow with its hint about allocated tensors: the
    hint is TensorFlow's own words, the program TensorFlow's where the paste names no path of it."""
    from oomdoctor.explain import explain

    result = explain("ResourceExhaustedError:  MemoryError: Unable to allocate 96.0 MiB for an array with shape "
                     "(4096, 3072) and data type float64\n\t [[{{node EagerPyFunc}}]]\nHint: If you want to see a "
                     "list of allocated tensors when OOM happens, add report_tensor_allocations_upon_oom to RunOptions "
                     "for current allocation info.\n [Op:IteratorGetNext]\n")
    assert (result.oom, result.framework, result.memory, result.requested_bytes) == (
        True, "tensorflow", "host", 4096 * 3072 * 8)
    plain = explain("numpy.core._exceptions._ArrayMemoryError: Unable to allocate 96.0 MiB for an array with shape "
                    "(4096, 3072) and data type float64\nHint: report the allocated tensors when OOM happens.\n")
    assert plain.framework == "numpy"


def test_the_gpu_a_failed_copy_was_going_to_quoted_from_its_destination():
    """TensorFlow's failed copy of a host tensor names the device it went to ("... to /job:localhost/replica:0/task:0/
    device:GPU:1 in order to run _EagerConst: Dst tensor is not initialized."), which a paste may quote from that
    device on: the GPU that ran out."""
    from oomdoctor.explain import explain

    text = ("it fails with \"GPU:1 in order to run _EagerConst: Dst tensor is not initialized. [Op:_EagerConst]\"\n"
            "2023-06-01 10:02:11.100200: I tensorflow/tsl/framework/bfc_allocator.cc:1106] Stats: \n"
            "Limit:                     15701180416\nInUse:                     15701174272\n"
            "MaxInUse:                  15701174272\n")
    result = explain(text)
    assert (result.oom, result.memory, result.gpu_index) == (True, "gpu", 1)
    # a list of devices in order is no copy's destination
    listed = explain(text.replace("GPU:1 in order to run _EagerConst: ", "") + "Visible: GPU:0, GPU:1 in order of "
                     "PCI bus id\n")
    assert listed.gpu_index is None


def test_tensorflows_exception_line_about_memory_where_its_hint_was_cut():
    """A paste that ends on TensorFlow's exception and its node, the hint about allocated tensors cut away: the
    exception's own words say memory ran out; a ResourceExhaustedError about something else is no OOM."""
    from oomdoctor.explain import explain

    result = explain('  File "/usr/lib/python3/dist-packages/tensorflow/python/client/session.py", line 1384, in '
                     "_do_call\n    raise type(e)(node_def, op, message)\n"
                     "tensorflow.python.framework.errors_impl.ResourceExhaustedError: failed to allocate memory\n"
                     "\t [[{{node encoder/layer_11/attention/self/MatMul}}]]\n")
    assert (result.oom, result.framework, result.memory) == (True, "tensorflow", "gpu")
    trt = explain("tensorflow.python.framework.errors_impl.ResourceExhaustedError: Requested batch size is not "
                  "available and engine cache is full\n\t [[{{node TRTEngineOp_0_0}}]]\n")
    assert trt.oom is False


def test_ipythons_header_of_a_resourceexhaustederror_is_no_xla_message():
    """A notebook's traceback starts with IPython's header, the exception's class and "Traceback (most recent call
    last)": not XLA's status; TensorFlow's message at the traceback's end gives the tensor's shape and type."""
    from oomdoctor.explain import explain

    result = explain("ResourceExhaustedError                    Traceback (most recent call last)\n"
                     "<ipython-input-9-3b1f0d2c8a11> in <module>()\n----> 1 history = model.fit(train_ds, epochs=30)\n"
                     "4 frames\n/usr/local/lib/python3.8/dist-packages/tensorflow/python/eager/execute.py in "
                     "quick_execute(op_name, num_outputs, inputs, attrs, ctx, name)\n"
                     "ResourceExhaustedError:  OOM when allocating tensor with shape[32,128,56,56] and type half on "
                     "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n"
                     "\t [[node sequential/conv2d_1/Conv2D (defined at <ipython-input-9-3b1f0d2c8a11>:1) ]]\n")
    assert (result.framework, result.shape, result.dtype, result.requested_bytes) == (
        "tensorflow", [32, 128, 56, 56], "float16", 32 * 128 * 56 * 56 * 2)
    # JAX's own status on its traceback's last line is still XLA's
    jax = explain("XlaRuntimeError                           Traceback (most recent call last)\n"
                  "XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 8589934592 bytes.\n")
    assert (jax.framework, jax.requested_bytes) == ("jax", 2**33)


def test_ultralytics_paths_name_pytorch_for_a_memoryerror():
    """Ultralytics' YOLO runs on PyTorch alone: its package's paths in a traceback name the framework where "torch"
    itself is not printed; a darknet YOLO's words are no PyTorch's."""
    from oomdoctor.explain import explain

    result = explain('  File "/home/ana/.local/lib/python3.10/site-packages/ultralytics/data/base.py", line 160, in '
                     "load_image\n    im = cv2.imread(f)  # BGR\nMemoryError\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "torch", "host", "host-memory")
    darknet = explain(" CUDA-version: 11020 (11040), cuDNN: 8.1.1, GPU count: 1\n yolov4-tiny.cfg loaded\n"
                      "MemoryError\n")
    assert darknet.framework == "python"


def test_pytorch_1x_total_where_the_paste_breaks_off_after_it():
    """PyTorch 1.x's parenthesis opens on the device's total: a paste cut or garbled right after that figure keeps
    it; a parenthesis whose first word is no size gives none."""
    from oomdoctor.explain import explain

    cut = explain("RuntimeError: CUDA out of memory. Tried to allocate 2.00 GiB (GPU 1; 10.76 GiB")
    assert (cut.requested_bytes, cut.total_bytes, cut.gpu_index) == (2 * 2**30, int(10.76 * 2**30), 1)
    garbled = explain("RuntimeError: CUDA out of memory. Tried to allocate 512.00 MiB (GPU 0; 7.79 GiBee documentation "
                      "for Memory Management and PYTORCH_CUDA_ALLOC_CONF\n")
    assert garbled.total_bytes == int(7.79 * 2**30)
    none = explain("RuntimeError: CUDA out of memory. Tried to allocate 512.00 MiB (GPU 0; 3 processes running)\n")
    assert none.total_bytes is None


def test_the_gpu_pytorchs_imagenet_example_says_it_trains_on():
    """PyTorch's ImageNet example, and the trainers copied from it, print the GPU they took ("Use GPU: 2 for
    training"): the GPU of a message that names none; another number on such a line is no GPU."""
    from oomdoctor.explain import explain

    text = ("Use GPU: 2 for training\n=> creating model 'resnet50'\n"
            "THCudaCheck FAIL file=/pytorch/aten/src/THC/THCCachingAllocator.cpp line=510 error=2 : out of memory\n"
            "Traceback (most recent call last):\n  File \"train.py\", line 298, in train\n    output = model(images)\n"
            "RuntimeError: cuda runtime error (2) : out of memory at /pytorch/aten/src/THC/THCCachingAllocator.cpp:510\n")
    assert (explain(text).oom, explain(text).gpu_index) == (True, 2)
    assert explain(text.replace("Use GPU: 2 for training", "Use 2 GPUs: for training")).gpu_index is None


def test_a_pytorch_module_making_its_weights_on_the_gpu_is_loading_them():
    """A traceback whose innermost frame is a PyTorch module's constructor, its reset_parameters or torch.nn.init
    filling its weights: the model being made on the GPU (CUDA tensors the default), not a batch; the module's
    forward is the step."""
    from oomdoctor.explain import explain

    made = ('Traceback (most recent call last):\n  File "build.py", line 40, in <module>\n'
            "    model = Decoder(vocab=250000, dim=8192)\n"
            '  File "C:\\Users\\li\\miniconda3\\lib\\site-packages\\torch\\nn\\modules\\linear.py", line 101, in '
            "__init__\n    self.reset_parameters()\n"
            '  File "C:\\Users\\li\\miniconda3\\lib\\site-packages\\torch\\nn\\modules\\linear.py", line 107, in '
            "reset_parameters\n    init.kaiming_uniform_(self.weight, a=math.sqrt(5))\n"
            '  File "C:\\Users\\li\\miniconda3\\lib\\site-packages\\torch\\nn\\init.py", line 459, in '
            "kaiming_uniform_\n    return tensor.uniform_(-bound, bound)\n"
            "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.63 GiB (GPU 0; 11.99 GiB total "
            "capacity; 8.02 GiB already allocated; 3.11 GiB free; 8.02 GiB reserved in total by PyTorch)\n")
    assert explain(made).case == "weights-or-loading"
    step = ('Traceback (most recent call last):\n  File "train.py", line 88, in <module>\n    out = model(x)\n'
            '  File "/usr/lib/python3/dist-packages/torch/nn/modules/linear.py", line 114, in forward\n'
            "    return F.linear(input, self.weight, self.bias)\n"
            "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 7.63 GiB (GPU 0; 11.99 GiB total "
            "capacity; 8.02 GiB already allocated; 3.11 GiB free; 8.02 GiB reserved in total by PyTorch)\n")
    assert explain(step).case == "activations-batch"


def test_a_cublas_handle_beside_the_drivers_own_failures_is_preallocation():
    """cuBLAS could not create its handle and the driver then refused StreamExecutor's own 32 MiB: the only request
    is the driver's, as short of memory as the handle, and the case the handle's (the framework took the GPU)."""
    from oomdoctor.explain import explain

    result = explain("E tensorflow/stream_executor/cuda/cuda_blas.cc:238] failed to create cublas handle: "
                     "CUBLAS_STATUS_NOT_INITIALIZED\n"
                     "E tensorflow/stream_executor/cuda/cuda_driver.cc:828] failed to allocate 32.00M (33554432 bytes) "
                     "from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n")
    assert (result.framework, result.requested_bytes, result.case) == ("tensorflow", 33554432, "preallocation")


def test_a_tiny_pinned_host_block_is_the_gpu_taken_at_start():
    """TensorFlow could not have 2304 bytes of pinned host memory: not RAM running out, but the driver without GPU
    memory to map it, as a pool that took the GPU leaves it (preallocation); 32 GiB of pinned memory stays RAM's."""
    from oomdoctor.explain import explain

    log = ("W ./tensorflow/core/common_runtime/gpu/pool_allocator.h:195] could not allocate pinned host memory of "
           "size: {size}\nE tensorflow/stream_executor/cuda/cuda_driver.cc:967] failed to alloc {size} bytes on host: "
           "CUDA_ERROR_UNKNOWN\n")
    tiny = explain(log.format(size=2304))
    assert (tiny.framework, tiny.memory, tiny.requested_bytes, tiny.case) == ("tensorflow", "host", 2304,
                                                                             "preallocation")
    assert "pinned host memory" in tiny.diagnosis[-1]
    assert explain(log.format(size=34359738368)).case == "host-memory"


def test_other_ranks_on_the_failing_gpu_are_which_gpu():
    """Several other processes holding the same memory on the failing GPU are copies of one program, the other
    ranks of a multi-process job with their CUDA context on it: which GPU each uses, not a stranger to stop."""
    from oomdoctor.explain import explain

    log = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 52.00 MiB. GPU 0 has a total capacity of "
           "31.74 GiB of which 39.62 MiB is free. Process 101553 has 5.19 GiB memory in use. Process 101552 has "
           "{second} memory in use. Process 101563 has 5.19 GiB memory in use. Including non-PyTorch memory, this "
           "process has 13.82 GiB memory in use. Of the allocated memory 11.54 GiB is allocated by PyTorch, and "
           "677.26 MiB is reserved by PyTorch but unallocated.")
    ranks = explain(log.format(second="5.19 GiB"))
    assert (ranks.case, ranks.gpu_index) == ("which-gpu", 0)
    assert ranks.diagnosis[-1].startswith("3 other processes each hold 5.2 GiB on GPU 0")
    assert "set_device" in ranks.fixes[0]
    assert explain(log.format(second="2.07 GiB")).case == "limit-or-other-process"


def test_a_variable_constructor_in_the_traceback_is_its_initializer():
    """TensorFlow 1.x prints where the failing op was made: through variables.py's _init_from_args it is a variable's
    initial value being assigned, whatever the batch (here a 2048 x 436631 output layer)."""
    from oomdoctor.explain import explain

    result = explain('  File "/usr/lib/python3.5/site-packages/tensorflow/python/ops/variables.py", line 1481, in '
                     "_init_from_args\n    validate_shape=validate_shape).op\n"
                     '  File "/usr/lib/python3.5/site-packages/tensorflow/python/ops/state_ops.py", line 221, in '
                     "assign\n    validate_shape=validate_shape)\n\n"
                     "ResourceExhaustedError (see above for traceback): OOM when allocating tensor with "
                     "shape[2048,436631] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator "
                     "GPU_0_bfc\n")
    assert (result.shape, result.case) == ([2048, 436631], "weights-or-loading")


def test_memory_not_free_when_tensorflow_started_was_held_by_others():
    """TensorFlow's start-up lines say what was free before it allocated anything: 190 MiB of a 7.92 GiB card means
    another process held the rest, and the pool's failing to allocate it is not TensorFlow's own preallocation."""
    from oomdoctor.explain import explain

    log = ("I tensorflow/core/common_runtime/gpu/gpu_device.cc:885] Found device 0 with properties: \n"
           "name: GeForce GTX 1080\nTotal memory: 7.92GiB\nFree memory: {free}\n"
           "I tensorflow/core/common_runtime/gpu/gpu_device.cc:975] Creating TensorFlow device (/gpu:0) -> (device: "
           "0, name: GeForce GTX 1080, pci bus id: 0000:01:00.0)\n"
           "E tensorflow/stream_executor/cuda/cuda_driver.cc:1002] failed to allocate {free} ({bytes} bytes) from "
           "device: CUDA_ERROR_OUT_OF_MEMORY\n")
    others = explain(log.format(free="190.31MiB", bytes=199557120))
    assert (others.free_bytes, others.case) == (int(190.31 * 2**20), "limit-or-other-process")
    assert others.diagnosis[-2].startswith("7.7 GiB of the GPU's 7.9 GiB was held outside this process")
    assert explain(log.format(free="7.60GiB", bytes=8160437862)).case == "preallocation"


def test_cuda_malloc_async_memory_beyond_pytorchs_is_held_by_others():
    """PyTorch's cudaMallocAsync backend states what its tensors hold ("Currently allocated") beside what CUDA has
    free: 16 GiB of a 23.69 GiB card in neither is held outside the process; a card full of its own tensors is not."""
    from oomdoctor.explain import explain

    log = ("torch.cuda.OutOfMemoryError: Allocation on device 0 would exceed allowed memory. (out of memory)\n"
           "Currently allocated     : {allocated}\nRequested               : 320.00 MiB\n"
           "Device limit            : 23.69 GiB\nFree (according to CUDA): 2.94 MiB\n"
           "PyTorch limit (set by user-supplied memory fraction)\n                        : 17179869184.00 GiB\n")
    others = explain(log.format(allocated="6.89 GiB"))
    assert (others.allocated_bytes, others.limit_bytes, others.case) == (int(6.89 * 2**30), None,
                                                                         "limit-or-other-process")
    assert "held outside this process" in others.diagnosis[-1]
    assert explain(log.format(allocated="22.81 GiB")).case == "activations-batch"


def test_cuda_malloc_async_a_memory_fraction_of_one_is_a_limit():
    """torch.cuda.set_per_process_memory_fraction(1.0) under cudaMallocAsync (text-generation-inference sets the
    fraction it is given) prints a "PyTorch limit" as large as the device: a limit stated, read as one; PyTorch's value
    when no fraction was set (2^64 bytes) is none, and a smaller fraction is that fraction of the device."""
    from oomdoctor.explain import explain

    log = ("RuntimeError: Allocation on device 1 would exceed allowed memory. (out of memory)\n"
           "Currently allocated     : 71.40 GiB\nRequested               : 9.25 GiB\n"
           "Device limit            : 79.15 GiB\nFree (according to CUDA): 402.00 MiB\n"
           "PyTorch limit (set by user-supplied memory fraction)\n                        : {limit}\n")
    whole = explain(log.format(limit="79.15 GiB"))
    assert (whole.limit_bytes, whole.total_bytes, whole.gpu_index) == (int(79.15 * 2**30), int(79.15 * 2**30), 1)
    assert whole.case == "activations-batch"
    assert explain(log.format(limit="16777216.00 TiB")).limit_bytes is None
    assert explain(log.format(limit="39.58 GiB")).limit_bytes == int(39.58 * 2**30)


def test_cuda_malloc_async_message_quoted_with_escaped_line_breaks():
    """The cudaMallocAsync message quoted inside another's error string (a Rust panic's Debug, a Python repr in a JSON
    log) keeps its line breaks as the two characters \\n: the fraction's figure after its escaped break is the limit,
    and a figure after another line's label is not."""
    from oomdoctor.explain import explain

    log = ("ERROR shard-manager: Server error: 'RuntimeError(\"Allocation on device 3 would exceed allowed memory. "
           "(out of memory)\\nCurrently allocated     : 30.02 GiB\\nRequested               : 2.10 GiB\\n"
           "Device limit            : 39.39 GiB\\nFree (according to CUDA): 1.06 GiB\\n"
           "PyTorch limit (set by user-supplied memory fraction)\\n                        : {limit}\")'\n")
    quoted = explain(log.format(limit="35.45 GiB"))
    assert (quoted.limit_bytes, quoted.total_bytes, quoted.gpu_index) == (int(35.45 * 2**30), int(39.39 * 2**30), 3)
    assert explain(log.format(limit="16777216.00 TiB")).limit_bytes is None
    # a label's escaped break before another figure is not the fraction's
    assert explain(log.format(limit="35.45 GiB").replace("fraction)", "fraction)\\nNote")).limit_bytes is None


def test_torch_elastic_agents_words_name_pytorch_for_a_killed_worker():
    """A worker killed by SIGKILL, as PyTorch's elastic agent reports it with a handler that prints the message alone
    (no "torch.distributed.elastic..." logger name): the program is PyTorch's, a launcher's "exit code -9" is not."""
    from oomdoctor.explain import explain

    log = ("Loading checkpoint shards: 100%|##########| 15/15 [01:12<00:00,  4.80s/it]\n"
           "[2024-05-02 10:11:12,345] WARNING Sending process 4412 closing signal SIGTERM\n"
           "[2024-05-02 10:11:12,346] WARNING Sending process 4413 closing signal SIGTERM\n"
           "[2024-05-02 10:11:13,901] ERROR failed (exitcode: -9) local_rank: 0 (pid: 4411) of binary: /usr/bin/python3\n")
    killed = explain(log)
    assert (killed.oom, killed.memory, killed.framework, killed.case) == (True, "host", "torch", "host-memory")
    # the agent's other line alone, before the shell's "Killed"
    assert explain("Sending process 7702 closing signal SIGKILL\nKilled\n").framework == "torch"
    # another launcher's words for the same death name no framework
    other = explain("Loading shards: 100%|##########| 15/15\nworker 0 failed (exit code -9)\nContainer exited with code 137\n")
    assert (other.oom, other.framework) == (True, None)


def test_a_host_failure_reads_the_ram_free_h_printed():
    """``free -h`` pasted beside a host allocation that failed gives the host's total, used and free (procps before
    3.3.10 prints "251G", later "15Gi"); ``free`` without -h prints no unit, and a GPU's failure is not the host's."""
    from oomdoctor.explain import explain

    error = ("RuntimeError: [enforce fail at alloc_cpu.cpp:75] err == 0. DefaultCPUAllocator: can't allocate memory: "
             "you tried to allocate 34359738368 bytes. Error code 12 (Cannot allocate memory)\n")
    old = ("$ free -h\n             total       used       free     shared    buffers     cached\n"
           "Mem:          251G       243G       7.6G       1.1G       136M        14G\n"
           "-/+ buffers/cache:       229G        22G\nSwap:          15G       2.3G        12G\n")
    host = explain(error + old)
    assert (host.memory, host.case) == ("host", "host-memory")
    assert (host.total_bytes, host.in_use_bytes, host.free_bytes) == (251 << 30, 243 << 30, int(7.6 * 2**30))
    new = ("               total        used        free      shared  buff/cache   available\n"
           "Mem:            62Gi        58Gi       912Mi       2.0Mi       3.1Gi       3.4Gi\n"
           "Swap:          8.0Gi       8.0Gi          0B\n")
    host = explain(error + new)
    assert (host.total_bytes, host.in_use_bytes, host.free_bytes) == (62 << 30, 58 << 30, 912 << 20)
    # no unit printed (procps' KiB, toybox's bytes): no figure
    plain = new.replace("Gi ", "   ").replace("Mi ", "   ")
    assert explain(error + plain.replace("Gi\n", "\n")).total_bytes is None
    # a GPU's failure: the host's table is not its device
    gpu = explain("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 GiB\n" + new)
    assert gpu.memory == "gpu" and gpu.total_bytes is None


def test_an_allocator_line_without_an_op_names_none():
    """XLA's BFC allocator prints "requested by op " and no name: the next line (a timestamp, a quote's "> ") is not
    the op; TensorFlow's op on the same line is."""
    from oomdoctor.explain import explain

    line = ("{quote}2023-09-15 15:37:48.396554: W external/tsl/tsl/framework/bfc_allocator.cc:485] Allocator (GPU_0_bfc) "
            "ran out of memory trying to allocate 85.87GiB (rounded to 92198188544)requested by op {op}\n"
            "{quote}2023-09-15 15:37:48.398429: W external/tsl/tsl/framework/bfc_allocator.cc:497] ****__________\n")
    assert explain(line.format(quote="", op="")).op is None
    assert explain(line.format(quote="> ", op="")).op is None
    assert explain(line.format(quote="", op="_EagerConst")).op == "_EagerConst"


def test_llama_cpp_could_not_allocate_a_gpu_buffer():
    """ggml (llama.cpp) allocates one buffer per device: cudaMalloc failing for it is a GPU out of memory outside the
    four frameworks, with the exact bytes and the device in the buffer's name; its loader's frames mean the weights."""
    from oomdoctor.explain import explain

    log = ("load_tensors: loading model tensors, this can take a while... (mmap = true)\n"
           "ggml_backend_cuda_buffer_type_alloc_buffer: allocating {mib} MiB on device 1: cudaMalloc failed: out of "
           "memory\nalloc_tensor_range: failed to allocate CUDA1 buffer of size {size}\n"
           "llama_model_load: error loading model: unable to allocate CUDA1 buffer\n")
    result = explain(log.format(mib="20480.00", size=21474836480))
    assert (result.oom, result.framework, result.memory, result.requested_bytes, result.gpu_index, result.case) == (
        True, "llama.cpp", "gpu", 21474836480, 1, "weights-or-loading")
    assert "--n-gpu-layers" in result.fixes[0]
    assert explain(log.format(mib="279356.51", size=292926534144)).case == "larger-than-device"
    ggml_error = explain("CUDA error: out of memory\n  current device: 2, in function ggml_cuda_pool_malloc at "
                         "ggml/src/ggml-cuda/ggml-cuda.cu:381\n  cudaMalloc((void **) &ptr, look_ahead_size)\n")
    assert (ggml_error.framework, ggml_error.gpu_index) == ("llama.cpp", 2)
    host = explain("ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 8589934592\n"
                   "alloc_tensor_range: failed to allocate CPU buffer of size 8589934592\n")
    assert (host.memory, host.case) == ("host", "host-memory")
    # older builds name the CPU backend only in the function's name; a KV cache sized to the model's whole context
    kv_cache = explain("llama_new_context_with_model: n_ctx      = 163840\n"
                       "ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 805306368032\n"
                       "llama_kv_cache_init: failed to allocate buffer for kv cache\n")
    assert (kv_cache.framework, kv_cache.memory, kv_cache.requested_bytes, kv_cache.case) == (
        "llama.cpp", "host", 805306368032, "host-memory")
    assert "--ctx-size" in kv_cache.fixes[0] and not any("DataLoader" in fix for fix in kv_cache.fixes)
    # ... and a CPU buffer after a backend-less line is still the CPU's (the last line of the two is the failure)
    compute = explain("ggml_backend_cpu_buffer_type_alloc_buffer: failed to allocate buffer of size 84940832\n"
                      "ggml_gallocr_reserve_n: failed to allocate CPU buffer of size 84940800\n")
    assert compute.memory == "host"


def test_killed_before_a_closing_fence_and_the_users_question():
    """A log pasted into an issue ends at its closing fence; the shell's Killed is its last line, not the text's."""
    from oomdoctor.explain import explain

    log = ("Here is the output:\n\n```\n$ python3 sampling.py --path_checkpoint=2b-it/\nParameters loaded.\n"
           "{last}\n```\n\nAny idea what could be causing it to blow up during sampling?\n")
    killed = explain(log.format(last="Killed"))
    assert (killed.oom, killed.memory, killed.case) == (True, "host", "host-memory")
    assert "OOM killer" in killed.diagnosis[0]
    assert not explain(log.format(last="Done.")).oom


def test_vllm_told_to_take_the_whole_gpu_is_preallocation():
    """gpu_memory_utilization=1 leaves nothing for what vLLM allocates after its weights and KV cache."""
    from oomdoctor.explain import explain

    log = ("RuntimeError: CUDA error: out of memory\nCUDA kernel errors might be asynchronously reported at some "
           "other API call\n\nllm = LLM(model=path, tensor_parallel_size=8, gpu_memory_utilization={share})\n")
    whole = explain(log.format(share=1))
    assert whole.case == "preallocation" and "gpu_memory_utilization=0.9" in whole.fixes[0]
    assert explain(log.format(share=0.9)).case != "preallocation"
    assert explain(log.format(share="1.5")).case != "preallocation"


def test_zero_optimizer_state_initialization_is_the_optimizer():
    """DeepSpeed ZeRO making the optimizer's states (its frame, or the user's words) is the optimizer's memory."""
    from oomdoctor.explain import explain

    said = explain("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 14.9 GiB.\n"
                   "Occurs during ZeRO optimizer state initialization.\n")
    assert said.case == "optimizer-update"
    frame = explain('  File "deepspeed/runtime/zero/stage_1_and_2.py", line 640, in initialize_optimizer_states\n'
                    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 14.90 GiB.\n")
    assert frame.case == "optimizer-update"


def test_numpy_could_not_allocate_an_array_in_ram():
    """NumPy's MemoryError is the host's RAM, whatever framework's pipeline called it (TensorFlow's py_function says
    "Resource exhausted: MemoryError"): the shape and type give the bytes that its rounded "184. MiB" prints."""
    from oomdoctor.explain import explain

    result = explain("W tensorflow/core/framework/op_kernel.cc:1751] Resource exhausted: MemoryError: Unable to "
                     "allocate 184. MiB for an array with shape (64, 26, 26, 3, 371) and data type float32\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "tensorflow", "host", "host-memory")
    assert (result.shape, result.dtype, result.requested_bytes) == ([64, 26, 26, 3, 371], "float32", 192611328)
    old = explain("MemoryError: Unable to allocate array with shape (100000, 100000) and data type float64\n")
    assert (old.oom, old.framework, old.memory, old.requested_bytes) == (True, "numpy", "host", 80000000000)


def test_pytorch_0x_thcudacheck_out_of_memory_with_dataparallel_on_two_gpus():
    """PyTorch 0.x's THCudaCheck prints CUDA's error 2 without figures; DataParallel over GPUs 0 and 1 (its own warning
    names both) makes it a which-GPU case: the gathering GPU carries more."""
    from oomdoctor.explain import explain

    result = explain(
        "/usr/lib/python2.7/site-packages/torch/nn/parallel/data_parallel.py:24: UserWarning: \n    There is an "
        "imbalance between your GPUs. You may want to exclude GPU 1 which\n    has less than 75% of the memory or cores "
        "of GPU 0.\n  warnings.warn(imbalance_warn.format(device_ids[min_pos], device_ids[max_pos]))\n"
        "THCudaCheck FAIL file=/pytorch/aten/src/THC/generic/THCStorage.cu line=58 error=2 : out of memory\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "torch", "gpu", "which-gpu")


def test_a_cudnn_handle_that_failed_on_a_mostly_free_gpu_is_not_memory():
    """cuDNN's INTERNAL_ERROR on creating its handle is memory only where a pool took the GPU: its next line states the
    GPU's free and total bytes, and a GPU more than half free points to a driver or build mismatch instead."""
    from oomdoctor.explain import explain

    log = ("E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:439] Could not create cudnn handle: "
           "CUDNN_STATUS_INTERNAL_ERROR\n"
           "E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:443] Memory usage: {free} bytes free, 12524191744 "
           "bytes total.\n  File \"/usr/lib/python3.10/site-packages/jax/_src/random.py\", line 160, in PRNGKey\n")
    taken = explain(log.format(free=2624061440))
    assert (taken.oom, taken.free_bytes, taken.total_bytes, taken.case) == (True, 2624061440, 12524191744,
                                                                           "preallocation")
    free = explain(log.format(free=12224191744))
    assert (free.oom, free.case) == (False, "not-oom")


def test_keras_hub_from_preset_is_loading_the_weights():
    """KerasHub's (KerasNLP's) from_preset builds the model and loads its preset's weights: a TPU buffer failing there
    is the weights', not a step's batch."""
    from oomdoctor.explain import explain

    result = explain('  File "/home/user/train.py", line 9, in <module>\n    model = keras_hub.models.GemmaCausalLM.'
                     'from_preset("gemma2_instruct_27b_en")\njaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: '
                     "Error allocating device buffer: Attempting to allocate 4.39G. That was not possible. There are "
                     "2.30G free.; (0x0x0_HBM0)\n")
    assert (result.framework, result.memory, result.case) == ("jax", "tpu", "weights-or-loading")


def test_a_request_that_fits_the_caches_pieces_with_the_free_memory_is_fragmentation():
    """What PyTorch holds reserved but unallocated when it reports an OOM is pieces between live tensors (it released
    the rest): 3.02 GiB of them and 1.99 GiB free would hold 3.98 GiB in one piece; 5.50 GiB would not fit even so."""
    from oomdoctor.explain import explain

    log = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate {request}. GPU 0 has a total capacity of "
           "44.64 GiB of which 1.99 GiB is free. Including non-PyTorch memory, this process has 42.64 GiB memory in "
           "use. Of the allocated memory 38.79 GiB is allocated by PyTorch, and 3.02 GiB is reserved by PyTorch but "
           "unallocated.")
    pieces = explain(log.format(request="3.98 GiB"))
    assert pieces.case == "fragmentation"
    assert "the device had 2.0 GiB free: together more than the 4.0 GiB" in pieces.diagnosis[-1]
    assert explain(log.format(request="5.50 GiB")).case == "activations-batch"


def test_tensorflows_runtime_on_a_tpu_names_tensorflow():
    """A TPU's compiler prints the same words under TensorFlow and JAX; TensorFlow's runtime adds its own lines:
    TPUEstimator's "Closing session due to error", the StatusGroup's "Status code: Resource exhausted [9x]"."""
    from oomdoctor.explain import explain

    hbm = "  Compilation failure: Ran out of memory in memory space hbm. Used 8.38G of 8.00G hbm. Exceeded hbm capacity.\n"
    assert explain(hbm).framework == "jax"
    assert explain("Status code: Resource exhausted [9x]\n" + hbm).framework == "tensorflow"
    assert explain("E1111 07:35:00.272763 140408571025152 error_handling.py:81] Closing session due to error From "
                   "/job:worker/replica:0/task:0:\n" + hbm).framework == "tensorflow"


def test_a_tpu_buffer_larger_than_the_hbm_is_larger_than_the_device():
    """The TPU compiler lists the program's largest buffers: one larger than the chip's whole HBM is the allocation no
    batch or sharding of the rest makes fit (here an integer one, padded 32x to the TPU's tiles: a shape bug)."""
    from oomdoctor.explain import explain

    log = ("Compilation failure: Ran out of memory in memory space hbm. Used 41.74G of 16.00G hbm. Exceeded hbm "
           "capacity by 25.74G.\n\n  Largest program allocations in hbm:\n\n  1. Size: {size}\n"
           '     Operator: op_type="FloorMod" op_name="slicewise_79/cic_update/FloorMod"\n'
           "     Shape: s32[8388608,8,4]{{2,1,0:T(8,128)}}\n     Unpadded size: 1.00G\n")
    result = explain(log.format(size="32.00G"))
    assert (result.requested_bytes, result.shape, result.dtype, result.case) == (
        32 * 2**30, [8388608, 8, 4], "s32", "larger-than-device")
    assert "shape bug" in result.fixes[0]
    within = explain(log.format(size="2.00G"))
    assert (within.requested_bytes, within.shape, within.case) == (None, None, "compile-time")


def test_nccls_shared_memory_segment_is_nccls_buffers_in_ram():
    """NCCL's shared-memory transport makes a segment in /dev/shm for the GPUs of one machine; a container's 64 MiB
    /dev/shm fills: "failed to extend /dev/shm/... to N bytes" (NCCL 2.12 on), "Error while creating shared memory
    segment ... (size N)" (every version)."""
    from oomdoctor.explain import explain

    segment = ("host:9621:9691 [6] misc/shmutils.cc:112 NCCL WARN Error while creating shared memory segment "
               "/dev/shm/nccl-fjwOOB (size 5967872)\nhost:9621:9691 [6] NCCL INFO transport/shm.cc:114 -> 2\n")
    extend = "host:9621:9691 [6] misc/shmutils.cc:71 NCCL WARN Error: failed to extend /dev/shm/nccl-fjwOOB to 5967876 bytes\n\n"
    for log, requested in ((extend + segment, 5967876), (segment, 5967872)):
        result = explain(log)
        assert (result.oom, result.framework, result.memory, result.requested_bytes, result.case) == (
            True, "nccl", "host", requested, "nccl-buffers")
        assert "shm-size" in result.fixes[0]


def test_tensorflow_0_5s_shape_proto_is_read():
    """TensorFlow 0.5-0.6 printed the shape as its proto ("with shapedim { size: 10000 } dim { size: 14 }"), the type
    on the node's T attribute."""
    from oomdoctor.explain import explain

    result = explain("tensorflow.python.framework.errors.ResourceExhaustedError: OOM when allocating tensor with "
                     "shapedim { size: 10000 } dim { size: 14 } dim { size: 14 } dim { size: 64 }\n\t [[Node: "
                     'Conv2D_1 = Conv2D[T=DT_FLOAT, padding="SAME", _device="/job:localhost/replica:0/task:0/gpu:0"]'
                     "(MaxPool, Variable_4)]]\n")
    assert (result.shape, result.dtype, result.requested_bytes) == ([10000, 14, 14, 64], "float32", 501760000)


def test_a_cuda_context_that_cannot_be_created_is_another_processs_memory():
    """StreamExecutor could not make the CUDA context (cuDevicePrimaryCtxRetain, before it cuCtxCreate) and says what
    the device has: nothing of this process was on it yet."""
    from oomdoctor.explain import explain

    result = explain("2019-07-11 12:42:11.226602: W tensorflow/compiler/xla/service/platform_util.cc:240] unable to "
                     "create StreamExecutor for CUDA:0: failed initializing StreamExecutor for CUDA device ordinal 0: "
                     "Internal: failed call to cuDevicePrimaryCtxRetain: CUDA_ERROR_OUT_OF_MEMORY: out of memory; "
                     "total memory reported: 11523260416\n")
    assert (result.framework, result.total_bytes, result.case) == ("tensorflow", 11523260416, "limit-or-other-process")
    assert "CUDA context" in result.diagnosis[0]


def test_a_unified_memory_pool_that_the_driver_cannot_give_is_preallocation():
    """With TF_FORCE_UNIFIED_MEMORY the allocator makes its pool of managed memory, and backs off by 0.9 at each
    failure: the request is the first of the run."""
    from oomdoctor.explain import explain

    line = ("2021-10-15 15:01:44.577626: E external/org_tensorflow/tensorflow/stream_executor/cuda/cuda_driver.cc:764] "
            "failed to alloc {n} bytes unified memory; result: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n")
    result = explain("".join(line.format(n=n) for n in (2740606464, 2466545664, 2219890944)))
    assert (result.framework, result.requested_bytes, result.case) == ("jax", 2740606464, "preallocation")
    assert "XLA_PYTHON_CLIENT_MEM_FRACTION" in result.fixes[0]


def test_a_librarys_own_optimizer_step_frame_is_the_optimizer_update():
    """A library with its own optimizer (svox2's grid.optim_background_step) fails in it, below no forward or backward
    pass; a frame above a forward pass is not the optimizer's."""
    from oomdoctor.explain import explain

    frames = ('  File "opt.py", line 597, in train_step\n    grid.optim_background_step(lr)\n'
              '  File "svox2/svox2.py", line 2055, in optim_background_step\n    indexer = self._convert(bg=True)\n'
              '{below}')
    error = ("RuntimeError: CUDA out of memory. Tried to allocate 1024.00 MiB (GPU 0; 7.93 GiB total capacity; 6.78 GiB "
             "already allocated; 362.56 MiB free; 6.79 GiB reserved in total by PyTorch)\n")
    update = '  File "svox2/svox2.py", line 2217, in _convert\n    torch.count_nonzero(indexer).item()\n'
    forward = '  File "torch/nn/modules/module.py", line 1102, in _call_impl\n    return forward_call(*input)\n'
    assert explain(frames.format(below=update) + error).case == "optimizer-update"
    assert explain(frames.format(below=forward) + error).case == "activations-batch"


def test_an_eager_op_whose_innermost_frame_is_the_optimizers_module_is_the_update():
    """TensorFlow 2's eager op names no scope ([Op:Mul]): the traceback's innermost library frame is whose code ran it.
    Keras's Adam applying a sparse update to a 501,153-row embedding is the optimizer's; the same op under a layer's
    call is the step's; PyTorch's optimizer restoring a checkpoint (load_state_dict) is loading."""
    from oomdoctor.explain import explain

    error = ("ResourceExhaustedError: OOM when allocating tensor with shape[501153,768] and type float on "
             "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc [Op:Mul]\n")
    head = ("---> 35 loss = train_step(batch, model, optimizer)\n"
            "~/env/lib/python3.8/site-packages/tensorflow/python/keras/engine/training.py in train_step(self, data)\n")
    update = ("~/env/lib/python3.8/site-packages/tensorflow/python/keras/optimizer_v2/adam.py in "
              "_resource_apply_sparse(self, grad, var, indices, apply_state)\n"
              "    226 var, coefficients['lr'] * m_t / (v_sqrt + coefficients['epsilon']),\n"
              "~/env/lib/python3.8/site-packages/tensorflow/python/ops/math_ops.py in binary_op_wrapper(x, y)\n")
    layer = "~/env/lib/python3.8/site-packages/tensorflow/python/keras/layers/embeddings.py in call(self, inputs)\n"
    assert explain(head + update + error).case == "optimizer-update"
    assert explain(head + update + layer + error).case != "optimizer-update"
    restore = ('  File "pythia/utils/checkpoint.py", line 242, in restore\n'
               '    self.trainer.optimizer.load_state_dict(ckpt["optimizer"])\n'
               '  File "site-packages/torch/optim/optimizer.py", line 103, in load_state_dict\n'
               '    state_dict = deepcopy(state_dict)\n'
               "RuntimeError: CUDA out of memory. Tried to allocate 39.12 MiB (GPU 0; 10.76 GiB total capacity; "
               "9.71 GiB already allocated; 5.56 MiB free; 10.13 MiB cached)\n")
    assert explain(restore).case != "optimizer-update"


def test_library_allocators_quoting_cudas_out_of_memory_and_mps_buffer_limit_are_read():
    """faiss's StandardGpuResources and OneFlow's RuntimeException say out of memory in their own words; PyTorch's MPS
    allocator refuses one buffer larger than Metal allows ("Invalid buffer size"), a limit no watermark moves."""
    from oomdoctor.explain import explain

    faiss = ("RuntimeError: Error in virtual void* faiss::gpu::StandardGpuResourcesImpl::allocMemory(const "
             "faiss::gpu::AllocRequest&) at faiss/gpu/StandardGpuResources.cpp:452: Error: 'err == cudaSuccess' "
             "failed: StandardGpuResources: alloc fail type TemporaryMemoryBuffer dev 1 space Device stream 0x5 "
             "size 536870912 bytes (cudaMalloc error out of memory [2])\n")
    result = explain(faiss)
    assert (result.oom, result.framework, result.memory, result.requested_bytes, result.gpu_index) == \
        (True, "faiss", "gpu", 536870912, 1)
    oneflow = ("terminate called after throwing an instance of 'oneflow::RuntimeException'\n  what():  Error: out of "
               "memory\nError message from oneflow/core/vm/op_call_instruction_policy.cpp:209\n")
    assert (explain(oneflow).oom, explain(oneflow).framework) == (True, "oneflow")
    mps = "- **Exception Type:** RuntimeError\n- **Exception Message:** Invalid buffer size: 19.38 GiB\n"
    result = explain(mps)
    assert (result.oom, result.memory, result.case) == (True, "mps", "larger-than-device")
    assert result.requested_bytes == round(19.38 * 2 ** 30)
    assert not explain("ValueError: Invalid buffer size in config: expected an integer\n").oom


def test_gradient_boosting_gpu_errors_and_ipythons_memoryerror_header_are_read():
    """XGBoost's device allocator states what it asked for and what was free; thrust's parallel_for and LightGBM's
    OpenCL errors name no size; IPython prints the exception's class first, so a paste cut before its last line still
    says MemoryError."""
    from oomdoctor.explain import explain

    xgb = ("xgboost.core.XGBoostError: [10:01:50] ../src/tree/updater_gpu_hist.cu:784: Exception in gpu_hist: "
           "device_helpers.cuh:431: Memory allocation error on worker 0: std::bad_alloc: cudaErrorMemoryAllocation: "
           "out of memory\n- Free memory: 1048576\n- Requested memory: 67108864\n")
    result = explain(xgb)
    assert (result.oom, result.framework, result.memory, result.free_bytes, result.requested_bytes) == \
        (True, "xgboost", "gpu", 1048576, 67108864)
    thrust = "import xgboost as xgb\nterminate called after throwing an instance of 'thrust::system::system_error'\n" \
             "  what():  parallel_for failed: out of memory\n"
    assert (explain(thrust).oom, explain(thrust).memory) == (True, "gpu")
    lgb = "[LightGBM] [Info] Compiling OpenCL Kernel\nterminate called after throwing an instance of " \
          "'boost::compute::opencl_error'\n  what():  Memory Object Allocation Failure\n"
    assert (explain(lgb).oom, explain(lgb).framework, explain(lgb).memory) == (True, "lightgbm", "gpu")
    host = "lightgbm.basic.LightGBMError: Out of Host Memory\n"
    assert (explain(host).oom, explain(host).memory, explain(host).case) == (True, "host", "host-memory")
    assert not explain("The robot ran out of host memory budget in the simulation (see docs).\n").oom
    ipython = ("In [7]: df = pd.merge(a, b, on='name')\n----------------------------------------------------------\n"
               "MemoryError                               Traceback (most recent call last)\n"
               "<ipython-input-7-0dd32481b665> in <module>\n----> 1 df = pd.merge(a, b, on='name')\n")
    assert (explain(ipython).oom, explain(ipython).memory) == (True, "host")


def test_xlas_peak_buffer_of_the_requests_size_gives_its_shape():
    """XLA's BufferAssignment dump lists the peak buffers with their shapes: the one whose bytes are the request's is
    the array that found no room; a request no buffer matches gets no shape."""
    from oomdoctor.explain import explain

    log = ("Execution of replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate {n} bytes.\n"
           "BufferAssignment OOM Debugging.\nBufferAssignment stats:\n             parameter allocation:   56.25MiB\n"
           "                 total allocation:  112.50MiB\nPeak buffers:\n        Buffer 1:\n                Size: 56.25MiB\n"
           "                Entry Parameter Subshape: f32[14745600]\n                ==========================\n")
    result = explain(log.format(n=58982400))
    assert (result.shape, result.dtype) == ([14745600], "f32")
    assert explain(log.format(n=49592744)).shape is None


def test_xla_constant_copied_beside_the_pool_is_preallocation():
    """XLA copies a program's constants to the GPU with allocations of their own, outside its BFC pool: "Failed to
    allocate 7077888 bytes for new constant" is the pool holding the GPU, whatever the size."""
    from oomdoctor.explain import explain

    result = explain("jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to allocate 7077888 bytes for new "
                     "constant\n")
    assert (result.oom, result.framework, result.requested_bytes, result.case) == (True, "jax", 7077888,
                                                                                   "preallocation")
    assert "XLA_PYTHON_CLIENT_PREALLOCATE=false" in result.fixes[0]


def test_nccl_allocation_in_its_last_error_alone():
    """NCCL 2.12+ reports its own failed allocation as "Last error: Failed to CUDA calloc async 1920 bytes" under an
    internal error, with no "Cuda failure 'out of memory'" line."""
    from oomdoctor.explain import explain

    result = explain("RuntimeError: NCCL error in: ProcessGroupNCCL.cpp:1269, internal error, NCCL version 2.14.3\n"
                     "ncclInternalError: Internal check failed.\nLast error:\nFailed to CUDA calloc async 1920 bytes\n")
    assert (result.oom, result.framework, result.requested_bytes, result.case) == (True, "nccl", 1920, "nccl-buffers")


def test_onnxruntime_arena_is_ram_unless_a_gpu_provider_runs():
    """ONNX Runtime's arenas print one message for every provider: a log that names no GPU provider ran on the CPU."""
    from oomdoctor.explain import explain

    line = ("[E:onnxruntime:, sequential_executor.cc:339 onnxruntime::SequentialExecutor::Execute] Non-zero status "
            "code returned while running Conv node. Name:'347_nchwc' Status Message: bfc_arena.cc:330 "
            "onnxruntime::BFCArena::AllocateRawInternal Failed to allocate memory for requested buffer of size "
            "285081600\n")
    cpu = explain(line)
    assert (cpu.oom, cpu.framework, cpu.memory, cpu.requested_bytes, cpu.case) == (
        True, "onnxruntime", "host", 285081600, "host-memory")
    assert "enable_cpu_mem_arena" in cpu.fixes[0]
    gpu = explain("providers=['CUDAExecutionProvider']\n" + line)
    assert (gpu.memory, gpu.case) == ("gpu", "activations-batch")


def test_vllm_cache_budget_is_its_memory_share():
    """vLLM's "No available memory for the cache blocks" is its budget (gpu_memory_utilization), not an allocation."""
    from oomdoctor.explain import explain

    result = explain("ERROR 11-18 18:07:28 engine.py:366] ValueError: No available memory for the cache blocks. Try "
                     "increasing `gpu_memory_utilization` when initializing the engine.\n")
    assert (result.oom, result.framework, result.case) == (True, "vllm", "limit-or-other-process")
    assert "gpu_memory_utilization" in result.fixes[0]


def test_dataparallel_over_unequal_gpus_is_which_gpu():
    """PyTorch's DataParallel warns when one GPU has less than 75 % of another's memory; thrust's launch error is a
    CUDA out-of-memory too."""
    from oomdoctor.explain import explain

    result = explain("UserWarning:\nThere is an imbalance between your GPUs. You may want to exclude GPU 0 which\n"
                     "has less than 75% of the memory or cores of GPU 1.\n"
                     "RuntimeError: after cudaLaunch in triple_chevron_launcher::launch(): out of memory\n")
    assert (result.oom, result.framework, result.case) == (True, "torch", "which-gpu")
    assert "device_ids" in result.fixes[0]


def test_a_child_killed_by_sigkill_is_host_memory():
    """torchrun's summary of a rank killed by SIGKILL: most often the kernel's OOM killer, which the advice says how to
    confirm."""
    from oomdoctor.explain import explain

    result = explain("torch.distributed.elastic.multiprocessing.errors.ChildFailedError:\ntrain.py FAILED\n"
                     "Root Cause (first observed failure):\n[0]:\n  rank      : 2 (local_rank: 2)\n"
                     "  exitcode  : -9 (pid: 36071)\n  traceback : Signal 9 (SIGKILL) received by PID 36071\n")
    assert (result.oom, result.memory, result.case) == (True, "host", "host-memory")
    assert "dmesg" in result.fixes[0]
    assert not explain("  exitcode  : -90 (pid: 1)\n").oom


def test_resource_exhausted_error_named_a_line_before_its_oom_is_tensorflows():
    """TensorFlow's "ResourceExhaustedError: 2 root error(s) found." comes before its "Resource exhausted: OOM when
    allocating tensor": TensorFlow's message, with the tensor's shape, not XLA's."""
    from oomdoctor.explain import explain

    result = explain("ResourceExhaustedError: 2 root error(s) found.\n  (0) Resource exhausted: OOM when allocating "
                     "tensor with shape[1000,12,256,256] and type float on /job:localhost/replica:0/task:0/device:GPU:0 "
                     "by allocator GPU_0_bfc\n")
    assert (result.framework, result.shape, result.dtype) == ("tensorflow", [1000, 12, 256, 256], "float32")


def test_a_request_the_device_had_free_is_not_the_caches_pieces():
    """PyTorch asks the driver for a new segment before it reports an OOM: a 2 MiB request that failed with 203 GiB
    free is a limit or the driver, however much its cache holds unused."""
    from oomdoctor.explain import explain

    result = explain("torch.OutOfMemoryError: HIP out of memory. Tried to allocate 2.00 MiB. GPU 7 has a total "
                     "capacity of 287.98 GiB of which 203.49 GiB is free. Of the allocated memory 68.63 GiB is "
                     "allocated by PyTorch, and 14.93 GiB is reserved by PyTorch but unallocated.\n")
    assert result.case == "limit-or-other-process"


def test_paddle_cuda_allocator():
    """PaddlePaddle's allocator states the request and what was available on which GPU."""
    from oomdoctor.explain import explain

    result = explain("ResourceExhaustedError: \nOut of memory error on GPU 0. Cannot allocate 3.125000GB memory on GPU "
                     "0, available memory is only 117.750000MB.\n at (/paddle/paddle/fluid/memory/allocation/"
                     "cuda_allocator.cc:69)\n")
    assert (result.oom, result.framework, result.gpu_index, result.case) == (True, "paddle", 0, "activations-batch")
    assert (result.requested_bytes, result.free_bytes) == (int(3.125 * 2**30), int(117.75 * 2**20))


def test_a_request_with_nothing_of_pytorch_on_the_device_is_a_limit():
    """0 bytes allocated, none cached, and half the device asked: no step of this process filled it (Intel's XPU caps
    one allocation)."""
    from oomdoctor.explain import explain

    result = explain("torch.OutOfMemoryError: XPU out of memory. Tried to allocate 8.00 GiB. GPU 0 has a total "
                     "capacity of 15.11 GiB. Of the allocated memory 0 bytes is allocated by PyTorch, and 0 bytes is "
                     "reserved by PyTorch but unallocated.\n")
    assert result.case == "limit-or-other-process"


def test_a_tpu_reservation_free_but_not_reservable_is_fragmentation():
    """The TPU runtime's "6.78G free, 0B reserved, and 3.33G reservable": the memory is there, not in one piece."""
    from oomdoctor.explain import explain

    result = explain("RESOURCE_EXHAUSTED: Attempting to reserve 6.48G at the bottom of memory. That was not possible. "
                     "There are 6.78G free, 0B reserved, and 3.33G reservable.\n")
    assert result.largest_free_block_bytes == int(3.33 * 2**30) and result.case == "fragmentation"
    program = explain("RESOURCE_EXHAUSTED: Attempting to reserve 6.48G at the bottom of memory. That was not "
                      "possible. There are 3.78G free, 0B reserved, and 3.33G reservable.\n")
    assert program.case == "compile-time"  # less free than the program needs: its size, not the pieces


def test_an_overflowed_size_is_a_shape_bug_in_ram_too():
    """4 EiB asked of ONNX Runtime's CPU arena is no RAM shortage: a size that overflowed."""
    from oomdoctor.explain import explain

    result = explain("onnxruntime::BFCArena::AllocateRawInternal(size_t, bool, onnxruntime::Stream*, bool, "
                     "onnxruntime::WaitNotificationFn) Failed to allocate memory for requested buffer of size "
                     "4585490524328388608\n")
    assert (result.memory, result.case) == ("host", "larger-than-device")


def test_a_models_init_handed_to_pmap_is_its_weights():
    """jax.pmap(updater.init)(rng, batch): the parameters being made, whatever allocation failed in it."""
    from oomdoctor.explain import explain

    result = explain('  File "train.py", line 216, in main\n    state = jax.pmap(updater.init)(rng_pmap, data)\n'
                     "jaxlib.xla_extension.XlaRuntimeError: INTERNAL: Failed to allocate 50331648 bytes for new "
                     "constant\n")
    assert result.case == "weights-or-loading"


def test_llama_cpp_compute_buffer_is_the_contexts():
    """ggml's compute buffers are the context's graph (its size follows --ctx-size and --ubatch-size), though the
    server's last line says the model failed to load."""
    from oomdoctor.explain import explain

    result = explain("ggml_backend_cuda_buffer_type_alloc_buffer: allocating 14136.04 MiB on device 0: cudaMalloc "
                     "failed: out of memory\nggml_gallocr_reserve_n: failed to allocate ROCm0 buffer of size "
                     "14822711296\ngraph_reserve: failed to allocate compute buffers\nllama_init_from_model: failed "
                     "to initialize the context: failed to allocate compute pp buffers\nsrv    load_model: failed to "
                     "load model\nmain: exiting due to model loading error\n")
    assert (result.framework, result.requested_bytes, result.case) == ("llama.cpp", 14822711296, "activations-batch")


def test_tensorflow_1x_kernel_creation_places_a_constant():
    """TensorFlow 1.x makes a node's kernel when the graph is set up: a Const that found no room there is the
    weights, before any batch."""
    from oomdoctor.explain import explain

    result = explain("E tensorflow/core/common_runtime/executor.cc:643] Executor failed to create kernel. Resource "
                     "exhausted: OOM when allocating tensor of shape [512] and type float\n\t [[Node: rpn_conv/3x3/"
                     "biases = Const[dtype=DT_FLOAT, value=Tensor<type: float shape: [512] values: 0.1 0.2>, "
                     '_device="/job:localhost/replica:0/task:0/device:GPU:0"]()]]\n')
    assert result.case == "weights-or-loading"


def test_this_process_seen_with_0_bytes_is_not_seen():
    """Inside a container NVML does not see the process: "this process has 0 bytes memory in use" beside 22.41 GiB
    that PyTorch allocated is no other process holding the GPU."""
    from oomdoctor.explain import explain

    result = explain("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.96 GiB. GPU 5 has a total "
                     "capacity of 23.43 GiB of which 210.06 MiB is free. Including non-PyTorch memory, this process "
                     "has 0 bytes memory in use. Of the allocated memory 22.41 GiB is allocated by PyTorch, and "
                     "206.09 MiB is reserved by PyTorch but unallocated.\n")
    assert result.case == "activations-batch"


def test_a_tensorflow_pool_of_a_few_mib_is_the_gpu_taken_before_it():
    """A BFC pool of 8 MiB holds no model: whatever op failed in it, others had the GPU when TensorFlow started."""
    from oomdoctor.explain import explain

    result = explain("Limit:                     8716288\nInUse:                     8017152\n"
                     "E tensorflow/core/common_runtime/executor.cc:660] Executor failed to create kernel. Resource "
                     "exhausted: OOM when allocating tensor of shape [1,399,532,3] and type float\n")
    assert result.case == "limit-or-other-process"


def test_an_optimizer_making_its_state_is_the_optimizer_not_an_initializer():
    """state['exp_avg'] = torch.zeros_like(p.data) names an initializer's word and the optimizer's on one line: the
    optimizer's state is what failed."""
    from oomdoctor.explain import explain

    result = explain('  File "deepspeed_zero_optimizer.py", line 357, in initialize_optimizer_states\n'
                     "    self.optimizer.step()\n"
                     '  File "apex/optimizers/fused_adam.py", line 129, in step\n'
                     "    state['exp_avg'] = torch.zeros_like(p.data)\n"
                     "RuntimeError: CUDA out of memory. Tried to allocate 8.52 GiB (GPU 0; 31.72 GiB total capacity; "
                     "25.59 GiB already allocated; 5.39 GiB free; 14.59 MiB cached)\n")
    assert result.case == "optimizer-update"


def test_a_data_set_put_on_the_device_while_loading_it():
    """A traceback through the script's own load_datasets(): the data set copied to the device, not a step."""
    from oomdoctor.explain import explain

    result = explain("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to "
                     "allocate 188160000 bytes.\nTraceback (most recent call last):\n"
                     '  File "robust_training.py", line 141, in <module>\n    train_ds, test_ds = load_datasets()\n'
                     '  File "robust_training.py", line 63, in load_datasets\n'
                     "    train_ds['image'] = normalize(train_ds['image'])\n")
    assert result.case == "weights-or-loading"


def test_xla_states_its_pool_at_start():
    """XLA's GPU client logs each device's pool as it makes it (JAX and EXLA print it at INFO): its limit."""
    from oomdoctor.explain import explain

    result = explain("[info] XLA backend allocating 10251200102 bytes on device 0 for BFCAllocator.\n"
                     "[error] Execution of replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to "
                     "allocate 117964800 bytes.\n")
    assert (result.limit_bytes, result.gpu_index) == (10251200102, 0)
    two = explain("I0101 xla_bridge] XLA backend will use up to 8000000000 bytes on device 0 for BFCAllocator.\n"
                  "I0101 xla_bridge] XLA backend will use up to 9000000000 bytes on device 1 for BFCAllocator.\n"
                  "jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate "
                  "117964800 bytes. [device ordinal 1]\n")
    assert (two.limit_bytes, two.gpu_index) == (9000000000, 1)


def test_xla_under_elixir_is_exla():
    """EXLA hands XLA's log lines to Elixir's Logger ("13:21:27.502 [error] ", Livebook's "[error] "): the log names
    neither Elixir nor EXLA, and JAX's environment variables are no advice for it."""
    from oomdoctor.explain import explain

    for prefix in ("13:21:27.502 ", ""):
        result = explain(f"{prefix}[warning] " + "*" * 100 + f"\n{prefix}[error] Execution of replica 0 failed: "
                         "RESOURCE_EXHAUSTED: Out of memory while trying to allocate 58982400 bytes.\n"
                         "Limit:                      4928097484\nInUse:                      4248542720\n"
                         "LargestFreeBlock:                    0\n")
        assert result.framework == "exla"
        assert "preallocate: false" in " ".join(result.fixes) and "XLA_PYTHON_CLIENT_ALLOCATOR" not in " ".join(
            result.fixes)
    named = explain("** (RuntimeError) RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1024 bytes.\n"
                    "    (exla 0.6.0) lib/exla/executable.ex:56: EXLA.Executable.run/3\n")
    assert named.framework == "exla"
    python = explain("E1023 00:10:32.928098      30 pjrt_stream_executor_client.cc:2809] Execution of replica 0 "
                     "failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1049100288 bytes.\n")
    assert python.framework == "jax"


def test_an_xla_program_of_one_array_is_not_a_step():
    """BufferAssignment's stats with one array in, one of its size out and no temporaries: a weight converted as it is
    loaded (Gemma's bf16[256128,2048] embedding), not a training step, whose program needs scratch."""
    from oomdoctor.explain import explain

    stats = ("Execution of replica 0 failed: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 1049100288 "
             "bytes.\nBufferAssignment OOM Debugging.\nBufferAssignment stats:\n"
             "             parameter allocation: 1000.50MiB\n              constant allocation:         0B\n"
             "        maybe_live_out allocation: 1000.50MiB\n     preallocated temp allocation: {temp}\n"
             "                 total allocation:    1.95GiB\n")
    assert explain(stats.format(temp="0B")).case == "weights-or-loading"
    assert explain(stats.format(temp="3.20GiB")).case == "activations-batch"


def test_a_keras_sequential_being_made_builds_its_weights():
    """Sequential's __init__ adds each layer and add() builds it: a Dense kernel of [173056, 4096] made there is a
    weight, whatever batch the model would have had."""
    from oomdoctor.explain import explain

    ipython = ("ResourceExhaustedError: OOM when allocating tensor with shape[173056,4096]\n"
               "~/lib/python3.7/site-packages/tensorflow/python/keras/engine/sequential.py in __init__(self, layers, "
               "name)\n    127       tf_utils.assert_no_legacy_layers(layers)\n    128       for layer in layers:\n"
               "--> 129         self.add(layer)\n")
    assert explain(ipython).case == "weights-or-loading"
    script = ('  File "/usr/lib/python3/site-packages/keras/engine/sequential.py", line 213, in add\n'
              "    output_tensor = layer(self.outputs[0])\n"
              "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
              "shape[173056,4096] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator "
              "GPU_0_bfc [Op:RandomUniform]\n")
    assert explain(script).case == "weights-or-loading"
    step = ('  File "/usr/lib/python3/site-packages/keras/engine/sequential.py", line 398, in call\n'
            "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
            "shape[64,128,128,64] and type float on /job:localhost/replica:0/task:0/device:GPU:0 by allocator "
            "GPU_0_bfc [Op:Conv2D]\n")
    assert explain(step).case == "activations-batch"


def test_caffe2s_cuda_enforce_out_of_memory():
    """Caffe2's CUDA_ENFORCE words CUDA's error 2 as cudaGetErrorString does; its param_init_net fills the weights."""
    from oomdoctor.explain import explain

    result = explain('  File "detectron/utils/train.py", line 143, in create_model\n'
                     "    workspace.RunNetOnce(model.param_init_net)\n"
                     '  File "/usr/local/lib/python2.7/dist-packages/caffe2/python/workspace.py", line 178, in '
                     "CallWithExceptionIntercept\n    return func(*args, **kwargs)\n"
                     "RuntimeError: [enforce fail at event_gpu.cc:17] error == cudaSuccess. 2 vs 0. Error at: "
                     "/home/sd/pytorch/caffe2/core/event_gpu.cc:17: out of memory \n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "caffe2", "gpu", "weights-or-loading")
    other = explain("RuntimeError: [enforce fail at context_gpu.cu:415] error == cudaSuccess. 77 vs 0. Error at: "
                    "/pytorch/caffe2/core/context_gpu.cu:415: an illegal memory access was encountered\n")
    assert not other.oom


def test_vllm_budget_below_zero_on_one_rank():
    """vLLM's workers log their KV-cache budget: one below zero fails the engine (its ValueError may be cut from the
    paste); with another rank's plenty beside it, that rank's GPU held something else."""
    from oomdoctor.explain import explain

    log = ("(Worker_TP1 pid=104299) INFO 12-10 03:24:48 [gpu_worker.py:298] Available KV cache memory: -3.86 GiB\n"
           "(Worker_TP0 pid=104298) INFO 12-10 03:24:48 [gpu_worker.py:298] Available KV cache memory: {tp0} GiB\n"
           "(EngineCore_DP0 pid=85433) ERROR 12-10 03:24:48 [core.py:708] EngineCore failed to start.\n")
    uneven = explain(log.format(tp0="9.90"))
    assert (uneven.oom, uneven.framework, uneven.memory, uneven.case) == (True, "vllm", "gpu", "which-gpu")
    assert explain(log.format(tp0="-3.85")).case == "limit-or-other-process"
    assert not explain("(Worker pid=1) INFO [gpu_worker.py:298] Available KV cache memory: 9.90 GiB\n").oom


def test_pytorch_without_a_free_figure_had_most_of_the_device_held_elsewhere():
    """Intel's XPU states no free memory: 176 MiB reserved and 1.71 GiB asked of 15.56 GiB leave at least 12 GiB that
    was neither free nor PyTorch's (a limit or another process), not a step that filled the device."""
    from oomdoctor.explain import explain

    result = explain("RuntimeError: XPU out of memory. Tried to allocate 1.71 GiB (GPU 0; 15.56 GiB total capacity; "
                     "176.00 MiB already allocated; 176.00 MiB reserved in total by PyTorch)\n")
    assert result.case == "limit-or-other-process"
    assert "neither free nor PyTorch's" in " ".join(result.diagnosis)
    full = explain("RuntimeError: XPU out of memory. Tried to allocate 1.71 GiB (GPU 0; 15.56 GiB total capacity; "
                   "12.80 GiB already allocated; 12.90 GiB reserved in total by PyTorch)\n")
    assert full.case == "activations-batch"


def test_the_tensor_the_failing_line_makes_from_numbers():
    """The traceback's last code line makes a tensor from sizes in numbers: its shape (and its type, where the line
    names it, PyTorch's float32 where it names none) when their bytes are the request."""
    from oomdoctor.explain import explain

    repl = explain(">>> x = torch.rand(46000, 10000, dtype=torch.float32, device='xpu')\nTraceback (most recent call "
                   'last):\n  File "<stdin>", line 1, in <module>\nRuntimeError: XPU out of memory. Tried to allocate '
                   "1.71 GiB (GPU 0; 15.56 GiB total capacity; 0 bytes already allocated; 0 bytes reserved in total by "
                   "PyTorch)\n")
    assert (repl.shape, repl.dtype) == ([46000, 10000], "float32")
    script = explain('  File "test/test_nn.py", line 10838, in test_grid_sample_large_index_2d\n'
                     "    im = torch.zeros([1, 1, 32769, 65536], device=device, dtype=dtype)\n"
                     "torch.OutOfMemoryError: HIP out of memory. Tried to allocate 16.00 GiB. GPU 0 has a total "
                     "capacity of 15.49 GiB of which 84.98 GiB is free.\n")
    assert (script.shape, script.dtype) == ([1, 1, 32769, 65536], None)  # dtype=dtype: 8 bytes, not which type
    other = explain('  File "train.py", line 12, in step\n    buf = torch.zeros(1000, 1000)\n'
                    "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 16.00 GiB. GPU 0 has a total "
                    "capacity of 15.49 GiB of which 1.00 GiB is free.\n")
    assert other.shape is None  # 4 MB made there: not what failed


def test_pytorch_xla_on_a_tpu_is_torch():
    """PyTorch/XLA prints the TPU runtime's and TensorFlow's words: its XRT client's C++, the XRTExecute node,
    xmp.spawn's 'Exception in device=TPU:6', the pod launcher's 'date address [ordinal]' prefix name it."""
    from oomdoctor.explain import explain

    reserve = ("RESOURCE_EXHAUSTED: Attempting to reserve 6.48G at the bottom of memory. That was not possible. There "
               "are 6.78G free, 0B reserved, and 3.33G reservable.\n")
    xrt = explain("2022-04-04 00:27:49.642380: E tensorflow/compiler/xla/xla_client/xla_util.cc:88]   (1) " + reserve
                  + "2022-04-04 00:27:49.642385: E tensorflow/compiler/xla/xla_client/xla_util.cc:88] \t "
                  "[[{{node XRTExecute}}]]\n")
    assert (xrt.framework, xrt.memory, xrt.case) == ("torch", "tpu", "fragmentation")
    assert "PYTORCH_CUDA_ALLOC_CONF" not in " ".join(xrt.fixes)  # the TPU's allocator, not PyTorch's CUDA cache
    spawn = explain("Exception in device=TPU:6: RESOURCE_EXHAUSTED: From /job:localservice/replica:0/task:0:\n"
                    + reserve)
    assert spawn.framework == "torch"
    pod = explain("2020-10-22 02:48:58 10.128.0.33 [3]   (1) Resource exhausted: Attempting to allocate 180.59M. That "
                  "was not possible. There are 142.58M free.; (0x3x0_HBM1)\n")
    assert pod.framework == "torch"
    jax = explain("jaxlib.xla_extension.XlaRuntimeError: " + reserve)
    assert jax.framework == "jax"


def test_a_bfc_pool_drawn_all_free_held_no_tensor():
    """The dump's picture of the pool draws every chunk in use with at least one '*' or 'x': drawn all '_', nothing of
    this process was alive, so the request found a pool kept small or a device held by others, not a full step."""
    from oomdoctor.explain import explain

    head = ("2023-06-21 19:38:15.226954: W external/org_tensorflow/tensorflow/core/common_runtime/bfc_allocator.cc:457] "
            "Allocator (GPU_0_bfc) ran out of memory trying to allocate 1.38GiB (rounded to 1477187584)requested by "
            "op \n2023-06-21 19:38:15.227661: W external/org_tensorflow/tensorflow/core/common_runtime/"
            "bfc_allocator.cc:468] ")
    tail = ("\n2023-06-21 19:38:15.227864: E external/org_tensorflow/tensorflow/compiler/xla/pjrt/"
            "pjrt_stream_executor_client.cc:2036] Execution of replica 0 failed: Resource exhausted: Out of memory "
            "while trying to allocate 1477187472 bytes.\n")
    assert explain(head + "_" * 96 + tail).case == "limit-or-other-process"
    assert explain(head + "<allocator contains no memory>" + tail).case == "limit-or-other-process"
    # one chunk in use, however small, is drawn: the step held memory
    assert explain(head + "*" + "_" * 95 + tail).case == "activations-batch"


def test_paddle_2x_states_what_it_has_allocated():
    """PaddlePaddle 2.x puts what its allocator holds between the request and the free memory."""
    from oomdoctor.explain import explain

    result = explain("Out of memory error on GPU 0. Cannot allocate 3.621826GB memory on GPU 0, 21.184814GB memory has "
                     "been allocated and available memory is only 2.814575GB.\n\nPlease check whether there is any "
                     "other process using GPU 0.\n")
    assert (result.framework, result.gpu_index) == ("paddle", 0)
    assert result.requested_bytes == int(3.621826 * 2**30)
    assert result.allocated_bytes == int(21.184814 * 2**30)
    assert result.free_bytes == int(2.814575 * 2**30)
    assert result.case == "activations-batch"


def test_paddle_2x_message_cut_before_the_free_figure():
    """A paste that ends after "memory has been allocated" (explain_heldout55's SegFormer log) still gives the request
    and what the allocator held."""
    from oomdoctor.explain import explain

    result = explain("ResourceExhaustedError:  Out of memory error on GPU 0. Cannot allocate 33.910150GB memory on "
                     "GPU 0, 6.587891GB memory has been allocated")
    assert (result.framework, result.gpu_index, result.free_bytes) == ("paddle", 0, None)
    assert result.requested_bytes == int(33.910150 * 2**30)
    assert result.allocated_bytes == int(6.587891 * 2**30)


def test_mxnet_before_its_pool_checked_cuda_malloc_itself():
    """MXNet 0.7-0.9's GPUDeviceStorage::Alloc: glog's "Check failed: e == cudaSuccess ... CUDA: out of memory"."""
    from oomdoctor.explain import explain

    result = explain("[19:06:43] d:\\mxnet\\src\\storage\\./gpu_device_storage.h:39: Check failed: e == cudaSuccess || "
                     "e == cudaErrorCudartUnloading CUDA: out of memory\n")
    assert (result.oom, result.framework, result.memory) == (True, "mxnet", "gpu")
    assert not explain("gpu_device_storage.h:39: Check failed: e == cudaSuccess CUDA: invalid device ordinal\n").oom


def test_nodes_javascript_heap_limit():
    """V8's "Allocation failed - JavaScript heap out of memory": Node's heap limit, not the GPU's or the machine's RAM;
    its last Mark-Compact says what the heap held. TensorFlow.js in Node names itself."""
    from oomdoctor.explain import explain

    log = ("Using the model 'InceptionV3' with @tensorflow/tfjs-node\n<--- Last few GCs --->\n"
           "[473351:0x66634f0]    31020 ms: Mark-Compact (reduce) 1945.8 (1949.7) -> 1945.8 (1949.7) MB, 471.84 / "
           "0.00 ms  (average mu = 0.275)\n\n<--- JS stacktrace --->\n\nFATAL ERROR: CALL_AND_RETRY_LAST Allocation "
           "failed - JavaScript heap out of memory\n")
    result = explain(log)
    assert (result.oom, result.framework, result.memory, result.case) == (True, "tfjs", "host", "host-memory")
    assert result.in_use_bytes == int(1945.8 * 2**20)
    assert any("max-old-space-size" in fix for fix in result.fixes)
    assert explain(log.replace(" with @tensorflow/tfjs-node", "")).framework == "node"


def test_paddle_1x_first_pool_larger_than_what_is_free():
    """PaddlePaddle 1.x checks its first pool chunk, a share of the whole GPU, against what is free: the pool at start,
    not a batch (the feed that triggered it is a few MB)."""
    from oomdoctor.explain import explain

    result = explain('  File "paddle/fluid/data_feeder.py", line 168, in done\n    t.set(arr, place)\n'
                     "paddle.fluid.core_avx.EnforceNotMet: Expected allocating <= available, but received "
                     "allocating:5403593101 > available:5300944640.\nInsufficient GPU memory to allocation. at "
                     "[/paddle/paddle/fluid/platform/gpu_info.cc:262]\n")
    assert result.oom and result.framework == "paddle"
    assert (result.requested_bytes, result.free_bytes) == (5403593101, 5300944640)
    assert result.case == "preallocation"
    assert "FLAGS_allocator_strategy=auto_growth" in result.fixes[0]


def test_the_oom_killer_of_kernels_before_4_19():
    """Older kernels wrote "Kill process N (name) score S or sacrifice child", not "Killed process"."""
    from oomdoctor.explain import explain

    result = explain("kthread invoked oom-killer: gfp_mask=0x27080c0(GFP_KERNEL_ACCOUNT|__GFP_ZERO|__GFP_NOTRACK), "
                     "nodemask=0, order=2, oom_score_adj=0\n"
                     "Out of memory: Kill process 7248 (python3) score 266 or sacrifice child\n")
    assert (result.oom, result.memory, result.case) == (True, "host", "host-memory")


def test_opencvs_host_allocator_and_a_size_no_machine_has():
    """cv::fastMalloc's error is RAM's; 467 TiB is no machine's memory, GPU or RAM: a size gone wrong, and the advice
    does not speak of a GPU or a layer."""
    from oomdoctor.explain import explain

    result = explain("terminate called after throwing an instance of 'cv::Exception'\n  what():  OpenCV(4.5.4) "
                     "/home/ubuntu/build_opencv/opencv/modules/core/src/alloc.cpp:73: error: (-4:Insufficient memory) "
                     "Failed to allocate 512956604754240 bytes in function 'OutOfMemoryError'\n\nAborted (core dumped)\n")
    assert (result.framework, result.memory, result.requested_bytes) == ("opencv", "host", 512956604754240)
    assert result.case == "larger-than-device"
    assert "GPU" not in result.fixes[0] and "No machine has that much memory" in " ".join(result.diagnosis)
    small = explain("error: (-4:Insufficient memory) Failed to allocate 1207959552 bytes in function "
                    "'OutOfMemoryError'\n")
    assert (small.memory, small.case) == ("host", "host-memory")


def test_an_optimizer_node_listed_beside_the_failing_op_is_not_where_it_failed():
    """TensorFlow lists other nodes after the failing one ([[GroupCrossDeviceControlEdges_0/training/Adam/...]]): the
    op that ran out is the batch normalisation's, so the step's activations, not the optimizer's update."""
    from oomdoctor.explain import explain

    result = explain("ResourceExhaustedError:  OOM when allocating tensor with shape[295,64,256,256] and type float on "
                     "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n"
                     "\t [[{{node batch_normalization_v2/cond/then/_0/FusedBatchNorm}}]]\nHint: If you want to see a "
                     "list of allocated tensors when OOM happens, add report_tensor_allocations_upon_oom to "
                     "RunOptions for current allocation info.\n\n"
                     "\t [[GroupCrossDeviceControlEdges_0/training/Adam/Adam/Const/_343]]\n")
    assert result.case == "activations-batch"


def test_a_node_that_loads_a_model_is_loading():
    """A pipeline node named LoadModel (ComfyUI's Echo_LoadModel) failing: the models being loaded, not a batch."""
    from oomdoctor.explain import explain

    result = explain("Error occurred when executing Echo_LoadModel:\n\nCUDA out of memory. Tried to allocate 58.00 MiB. "
                     "GPU 0 has a total capacity of 3.95 GiB of which 54.88 MiB is free. Including non-PyTorch memory, "
                     "this process has 3.89 GiB memory in use. Of the allocated memory 3.68 GiB is allocated by "
                     "PyTorch, and 128.03 MiB is reserved by PyTorch but unallocated.\n")
    assert result.case == "weights-or-loading"


def test_tensorflow_could_not_make_the_cuda_context():
    """TensorFlow 2.x's first op makes the CUDA context; "out of memory" there means nothing of this process was on the
    GPU yet: another process held it."""
    from oomdoctor.explain import explain

    result = explain("----> 1 base_model = keras.applications.resnet.ResNet50(weights='imagenet', include_top=False)\n"
                     "InternalError: CUDA runtime implicit initialization on GPU:0 failed. Status: out of memory\n")
    assert (result.oom, result.memory, result.gpu_index) == (True, "gpu", 0)
    assert result.case == "limit-or-other-process"
    other = explain("InternalError: CUDA runtime implicit initialization on GPU:0 failed. Status: device kernel image "
                    "is invalid\n")
    assert not other.oom


def test_vllm_0_7_budget_line_below_zero():
    """vLLM 0.6 and 0.7 print the KV cache's budget in one sentence: the GPU times gpu_memory_utilization, less the
    weights and the profiled activations, below zero."""
    from oomdoctor.explain import explain

    result = explain("INFO 02-26 09:54:05 worker.py:267] the current vLLM instance can use total_gpu_memory (8.00GiB) x "
                     "gpu_memory_utilization (0.70) = 5.60GiB\nINFO 02-26 09:54:05 worker.py:267] model weights take "
                     "5.20GiB; non_torch_memory takes 0.03GiB; PyTorch activation peak memory takes 1.42GiB; the rest "
                     "of the memory reserved for KV Cache is -1.05GiB.\n")
    assert (result.oom, result.memory, result.case) == (True, "gpu", "limit-or-other-process")
    assert (result.total_bytes, result.limit_bytes) == (8 * 2**30, int(5.60 * 2**30))


def test_a_dataloader_worker_out_of_shared_memory():
    """A worker killed by SIGBUS writing its batch into /dev/shm: RAM's shared memory, the container's size."""
    from oomdoctor.explain import explain

    result = explain("RuntimeError: DataLoader worker (pid 3855) is killed by signal: Bus error. It is possible that "
                     "dataloader's workers are out of shared memory. Please try to raise your shared memory limit.\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "torch", "host", "host-memory")
    assert "--shm-size" in result.fixes[0]


def test_pythons_memory_error_and_enomem_are_ram():
    """A traceback ending in the built-in MemoryError (librosa's np.concatenate, NumPy before its own message) or in
    ENOMEM from the operating system (a pool's fork): RAM ran out, whichever library asked."""
    from oomdoctor.explain import explain

    bare = explain('  File "librosa/core/audio.py", line 149, in load\n    y = np.concatenate(y)\nMemoryError\n')
    assert (bare.oom, bare.memory, bare.case) == (True, "host", "host-memory")
    enomem = explain('  File "/usr/lib/python3.5/multiprocessing/pool.py", line 608, in get\n    raise self._value\n'
                     "OSError: [Errno 12] Cannot allocate memory\n")
    assert (enomem.oom, enomem.memory) == (True, "host")
    # the words inside a sentence, or a framework's own class, are not Python's exception line
    assert not explain("We saw a MemoryError last week; this run fails with a shape error.\n").oom


def test_tflite_micros_tensor_arena_is_a_buffer_the_program_sized():
    """TensorFlow Lite for Microcontrollers allocates inside the arena the program gives it: too small an arena is a
    limit of the program's, with the arena's size as the fix."""
    from oomdoctor.explain import explain

    result = explain("Testing LoadModelAndPerformInference\nFailed to allocate tail memory. Requested: 2088, available "
                     "1552, missing: 536\nFailed to allocate memory for context->eval_tensors, 2088 bytes required\n"
                     "Failed starting model allocation.\n")
    assert (result.oom, result.memory, result.case) == (True, "host", "limit-or-other-process")
    assert (result.requested_bytes, result.free_bytes) == (2088, 1552)
    assert "kTensorArenaSize" in result.fixes[0]
    newer = explain("Arena size is too small for all buffers. Needed 19888 but only 12304 was available.\n"
                    "AllocateTensors() failed\n")
    assert (newer.requested_bytes, newer.limit_bytes, newer.case) == (19888, 12304, "limit-or-other-process")


def test_tritons_autotune_cache_in_a_debug_line_is_no_compile_failure():
    """PyTorch logs Triton's autotune cache locks at DEBUG: the words are not XLA's autotuning failing, and the OOM
    after them is the step's."""
    from oomdoctor.explain import explain

    result = explain("2024-11-20 14:37:16 DEBUG:filelock:Lock 140341412642880 acquired on "
                     "/root/.triton/autotune/Fp16Matmul_2d_kernel.pickle.lock\n"
                     "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 132.00 MiB. GPU 3 has a total "
                     "capacity of 79.15 GiB of which 120.75 MiB is free. Process 387746 has 79.02 GiB memory in use. "
                     "Of the allocated memory 76.89 GiB is allocated by PyTorch, and 1.44 GiB is reserved by PyTorch "
                     "but unallocated.\n")
    assert result.case != "compile-time"


def test_deepspeeds_launcher_reports_a_rank_killed_by_sigkill():
    """DeepSpeed's launcher says a rank exited with -9: SIGKILL, the OOM killer's signal."""
    from oomdoctor.explain import explain

    result = explain("[2024-01-22 16:50:49,553] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 1080504\n"
                     "[2024-01-22 16:50:50,131] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', '-u', "
                     "'train.py', '--local_rank=0'] exits with return code = -9\n")
    assert (result.oom, result.memory, result.case) == (True, "host", "host-memory")


def test_tensorrt_llms_check_of_a_cuda_call_out_of_memory():
    """TensorRT-LLM's check of a CUDA call prints cudaGetErrorString's words after the call (FasterTransformer, its
    predecessor, without the call): a GPU OOM of the engine's own buffers, with the engine's maximums and the KV
    cache's share as the fix, not a training step's batch."""
    from oomdoctor.explain import explain

    result = explain("[TensorRT-LLM][ERROR] [TensorRT-LLM][ERROR] CUDA runtime error in ::cudaMallocAsync(ptr, n, "
                     "mCudaStream->get()): out of memory (/code/tensorrt_llm/cpp/tensorrt_llm/runtime/tllmBuffers.h:"
                     "112)\n1       0x55c059d1e7c3 void tensorrt_llm::common::check<cudaError>(cudaError, char const*, "
                     "char const*, int) + 147\n2       0x7f4aa35755f6 tensorrt_llm::runtime::BufferManager::gpu("
                     "unsigned long, nvinfer1::DataType) const + 230\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "tensorrt-llm", "gpu",
                                                                          "activations-batch")
    assert "kv_cache_free_gpu_mem_fraction" in result.fixes[0]
    assert not any("gradient" in fix for fix in result.fixes)
    older = explain("terminate called after throwing an instance of 'std::runtime_error'\n  what():  [FT][ERROR] CUDA "
                    "runtime error: out of memory /workspace/FasterTransformer/src/fastertransformer/utils/allocator.h"
                    ":181 \n")
    assert (older.oom, older.framework, older.memory) == (True, "fastertransformer", "gpu")
    other = explain("[TensorRT-LLM][ERROR] CUDA runtime error in cudaMemcpyAsync(...): an illegal memory access was "
                    "encountered (/code/tensorrt_llm/cpp/tensorrt_llm/runtime/bufferManager.cpp:52)\n")
    assert other.oom is False


def test_a_bare_to_device_statement_moves_a_model():
    """A traceback's code line that calls .to(device) on a name and keeps nothing moves a model (nn.Module's .to(),
    a diffusers pipeline's, work in place; a tensor's returns a copy that a bare statement would lose): loading, not
    a step. An assigned tensor's copy is not."""
    from oomdoctor.explain import explain

    error = ("> torch.OutOfMemoryError: HIP out of memory. Tried to allocate 80.00 MiB. GPU 0 has a total capacity of "
             "15.98 GiB of which 84.00 MiB is free. Of the allocated memory 15.44 GiB is allocated by PyTorch, and "
             "267.59 MiB is reserved by PyTorch but unallocated. If reserved but unallocated memory is large try "
             "setting PYTORCH_HIP_ALLOC_CONF=expandable_segments:True to avoid fragmentation.\n\n")
    moved = explain("> Traceback (most recent call last):\n> (...)lots of traceback(...)\n" + error +
                    "It seems to happen around here:\n\n>  File \"/home/rw/pinokio/api/flux-webui.git/app.py\", line "
                    "72, in infer\n>     pipe.to(device)\n")
    assert moved.case == "weights-or-loading"
    ipython = explain("File ~/app.py:72, in infer()\n---> 72 pipe.to(torch.device(\"cuda\"))\n" + error)
    assert ipython.case == "weights-or-loading"
    copied = explain("Traceback (most recent call last):\n  File \"train.py\", line 40, in <module>\n    batch = "
                     "batch.to(device)\n" + error)
    assert copied.case == "activations-batch"


def test_another_allocator_in_the_process_took_the_gpu_before_pytorch():
    """PyTorch 2.x says what this process holds on the device (NVML's figure: the one process listed from inside a
    container) and what its own cache holds: most of the device held by the process and nothing by PyTorch's cache is
    another allocator of the same process (here TensorRT-LLM's runtime) that took the GPU first, preallocation."""
    from oomdoctor.explain import explain

    result = explain("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.00 MiB. GPU 0 has a total "
                     "capacity of 22.19 GiB of which 1.50 MiB is free. Process 885415 has 22.18 GiB memory in use. Of "
                     "the allocated memory 0 bytes is allocated by PyTorch, and 0 bytes is reserved by PyTorch but "
                     "unallocated. If reserved but unallocated memory is large try setting PYTORCH_CUDA_ALLOC_CONF="
                     "expandable_segments:True to avoid fragmentation.\n")
    assert result.case == "preallocation"
    assert "TensorRT-LLM" in result.diagnosis[-1]
    # a CUDA context and cuBLAS's workspace beside PyTorch's cache are no other allocator
    usual = explain("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 32.00 MiB. GPU 0 has a total "
                    "capacty of 4.00 GiB of which 41.56 MiB is free. Including non-PyTorch memory, this process has "
                    "3.44 GiB memory in use. Of the allocated memory 2.58 GiB is allocated by PyTorch, and 1.90 MiB "
                    "is reserved by PyTorch but unallocated.\n")
    assert usual.case != "preallocation"

def test_the_oom_killers_report_without_its_victims_line():
    """A paste of dmesg cut after the OOM killer's first line and its call trace: the kernel's report begins with
    "<comm> invoked oom-killer" however it ends."""
    from oomdoctor.explain import explain

    result = explain("[ 1525.675820] python invoked oom-killer: gfp_mask=0x24280ca, order=0, oom_score_adj=0\n"
                     "[ 1525.675823] python cpuset=/ mems_allowed=0\n"
                     "[ 1525.675834] Call Trace:\n"
                     "[ 1525.675845]  [<ffffffff811928c2>] oom_kill_process+0x202/0x3c0\n"
                     "[ 1525.675847]  [<ffffffff81192ce9>] out_of_memory+0x219/0x460\n"
                     "[ 1525.675859]  [<ffffffff8106b527>] __do_page_fault+0x197/0x400\n")
    assert (result.oom, result.memory, result.case) == (True, "host", "host-memory")


def test_the_oom_killers_summary_line_without_its_victims_line():
    """A paste of "dmesg | tail" that keeps only the report's end: the task table, then the one-line summary
    (mm/oom_kill.c since 4.19, "oom-kill:constraint=..."), cut before the line that names the victim killed."""
    from oomdoctor.explain import explain

    result = explain("[Tue Mar  7 02:14:09 2023] [  pid  ]   uid  tgid total_vm      rss pgtables_bytes swapents "
                     "oom_score_adj name\n"
                     "[Tue Mar  7 02:14:09 2023] [   2231]  1000  2231  9126400  7987712 65011712        0"
                     "             0 python3\n"
                     "[Tue Mar  7 02:14:09 2023] oom-kill:constraint=CONSTRAINT_NONE,nodemask=(null),cpuset=/,"
                     "mems_allowed=0,global_oom,task_memcg=/user.slice/user-1000.slice/session-3.scope,task=pyth")
    assert (result.oom, result.memory, result.case) == (True, "host", "host-memory")
    # /proc/vmstat's counter of the OOM killer's kills, and a question about it, are no kill
    for text in ("oom_kill 0\npgfault 123456\n", "Is this an oom-kill? constraint= was not printed.\n"):
        assert explain(text).oom is False


@pytest.mark.parametrize("word", ["已杀死", "強制終了", "Getötet"])
def test_the_shells_killed_in_the_users_language(word):
    """The shell prints strsignal(SIGKILL), which glibc translates: under a Chinese locale "已杀死" ends the run."""
    from oomdoctor.explain import explain

    result = explain("2019-11-05 15:36:50.360856: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1115] Created "
                     "TensorFlow device (/job:localhost/replica:0/task:0/device:GPU:0 with 10478 MB memory)\n"
                     "  0%|                                        | 0/16733 [00:00<?, ?b/s]"
                     "2019-11-05 15:38:21.301871: I tensorflow/stream_executor/dso_loader.cc:152] successfully "
                     "opened CUDA library libcublas.so.10.0 locally\n" + word + "\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "tensorflow", "host", "host-memory")


def test_cs_bad_alloc_is_host_memory_and_thrusts_is_not():
    """libstdc++'s terminate handler after operator new failed: RAM, in TensorFlow Serving's C++; thrust's device
    allocator's exception (std::bad_alloc: cudaErrorMemoryAllocation) is another class and not read as RAM's."""
    from oomdoctor.explain import explain

    result = explain("2022-10-05 08:22:19.091237: I tensorflow_serving/model_servers/server.cc:442] Exporting "
                     "HTTP/REST API at:localhost:8601 ...\n"
                     "terminate called after throwing an instance of 'std::bad_alloc'\n"
                     "  what():  std::bad_alloc\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "tensorflow", "host", "host-memory")
    assert any("std::bad_alloc" in line for line in result.diagnosis)
    thrust = explain("terminate called after throwing an instance of 'thrust::system::detail::bad_alloc'\n"
                     "  what():  std::bad_alloc: cudaErrorMemoryAllocation: out of memory\n")
    assert thrust.memory != "host"


def test_xlas_peak_buffer_of_f64_gives_the_shape():
    """XLA's element types in its own names: f64 is 8 bytes (NumPy knows no "f64", and reads "f16" as 16 bytes), so a
    PyTensor-on-JAX buffer of f64[31,200,300,300] is the 4464000000 bytes asked for."""
    from oomdoctor.explain import explain

    result = explain("XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 4464000000 bytes.\n"
                     "BufferAssignment OOM Debugging.\nBufferAssignment stats:\n"
                     "             parameter allocation:    4.16GiB\n              constant allocation:         0B\n"
                     "        maybe_live_out allocation:    4.16GiB\n     preallocated temp allocation:         0B\n"
                     "                 total allocation:    8.31GiB\nPeak buffers:\n\tBuffer 1:\n\t\tSize: 4.16GiB\n"
                     "\t\tEntry Parameter Subshape: f64[31,200,300,300]\n\t\t==========================\n")
    assert (result.shape, result.dtype) == ([31, 200, 300, 300], "f64")
    half = explain("XlaRuntimeError: RESOURCE_EXHAUSTED: Out of memory while trying to allocate 2000000 bytes.\n"
                   "BufferAssignment OOM Debugging.\nPeak buffers:\n\tBuffer 1:\n\t\tSize: 1.91MiB\n"
                   "\t\tShape: f16[1000,1000]\n\t\t==========================\n")
    assert (half.shape, half.dtype) == ([1000, 1000], "f16")


def test_a_tpu_dump_whose_ops_are_tensorflows_graph_nodes():
    """TensorFlow's bridge to XLA names each op by the graph node's type and name (op_type="Relu6"), JAX by its
    primitive (op_type="div" op_name="jit(...)/div"): a TPU's list of its largest buffers says whose program it was."""
    from oomdoctor.explain import explain

    dump = ("  Program hbm requirement 7.82G:\n      reserved          12.0K\n      HLO temp          7.82G\n\n"
            "    Largest program allocations in hbm:\n\n    1. Size: 800.00M\n       Operator: op_type={op} "
            "op_name={name}\n       Shape: f32[16,320,320,64]{{3,0,2,1}}\n       Allocation type: HLO temp\n")
    tensorflow = explain(dump.format(op='"Relu6"', name='"FeatureExtractor/resnet_v1_50/resnet_v1_50/conv1/Relu6"'))
    jax = explain(dump.format(op='"max"', name='"jit(train_step)/jit(main)/max"'))
    assert (tensorflow.framework, tensorflow.memory) == ("tensorflow", "tpu")
    assert (jax.framework, jax.memory) == ("jax", "tpu")


def test_a_compiled_module_that_the_driver_could_not_load_is_the_pool_at_start():
    """XLA's kernels, loaded by the driver outside TensorFlow's pool (GpuDriver::LoadCubin): a pool that took the GPU
    left them no room, whatever the batch."""
    from oomdoctor.explain import explain

    result = explain("Node: 'StatefulPartitionedCall'\n"
                     "Failed to load in-memory CUBIN: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n"
                     "\t [[{{node StatefulPartitionedCall}}]] [Op:__inference_train_function_50056]\n"
                     "2023-05-16 14:44:23.019609: F tensorflow/tsl/framework/bfc_allocator.cc:700] Check failed: h != "
                     "kInvalidChunkHandle \nFatal Python error: Aborted\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "tensorflow", "gpu", "preallocation")
    assert any("CUBIN" in line for line in result.diagnosis)
    jax = explain("jax.errors.JaxRuntimeError: RESOURCE_EXHAUSTED: Failed to load in-memory CUBIN (compiled for a "
                  "different GPU?).: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n")
    assert (jax.framework, jax.case) == ("jax", "preallocation")


def test_a_process_killed_while_orbax_restored_a_checkpoint_is_jaxs():
    """JAX's libraries name the framework where the word "jax" is not printed: Orbax restoring PaxML's checkpoint."""
    from oomdoctor.explain import explain

    result = explain("WARNING:absl:No registered CheckpointArgs found for handler type: <class "
                     "'paxml.checkpoints.FlaxCheckpointHandler'>\n"
                     "WARNING:absl:Configured `CheckpointManager` using deprecated legacy API. Please follow the "
                     "instructions at https://orbax.readthedocs.io/en/latest/api_refactor.html to migrate.\n"
                     "Killed\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "jax", "host", "host-memory")


def test_mxnets_pooled_storage_manager_is_mxnets_gpu_pool():
    """MXNet's GPU pool says cudaGetErrorString's words after its own ("cudaMalloc failed: out of memory", after freeing
    what it kept "cudaMalloc retry failed: out of memory"): MXNet's, not llama.cpp's ggml, whose words overlap."""
    from oomdoctor.explain import explain

    result = explain("mxnet.base.MXNetError: [11:18:15] src/storage/./pooled_storage_manager.h:157: cudaMalloc failed: "
                     "out of memory\nStack trace:\n  [bt] (0) /opt/conda/lib/python3.6/site-packages/mxnet/libmxnet.so"
                     "(+0x49640b) [0x7fcd6d02340b]\n  [bt] (3) /opt/conda/lib/python3.6/site-packages/mxnet/libmxnet.so"
                     "(mxnet::NDArray::CheckAndAlloc() const+0x1cc) [0x7fcd6d09b9ec]\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "mxnet", "gpu", "activations-batch")
    retry = explain('  File "c:\\jenkins\\workspace\\mxnet-tag\\mxnet\\src\\storage\\./pooled_storage_manager.h", '
                    "line 161\nMXNetError: cudaMalloc retry failed: out of memory\n")
    assert (retry.oom, retry.framework, retry.memory) == (True, "mxnet", "gpu")


def test_mindspores_memory_pool_states_what_it_held_and_the_device_total():
    """MindSpore's dynamic memory pool (Ascend NPU or GPU) checks a request against the device before it extends:
    the bytes in use, the request and the device's total, each exact."""
    from oomdoctor.explain import explain

    result = explain("[ERROR] PRE_ACT(145615,fffbdf67f120,python):2025-01-12-09:48:13.703.514 [mindspore/ccsrc/backend/"
                     "common/mem_reuse/mem_dynamic_allocator.cc:392] AddMemBlockAndMemBufByEagerFree] "
                     "TotalUsedMemStatistics : 24725382656 plus TotalUsedByEventMemStatistics : 0 and plus alloc size "
                     ": 100555779072 is more than total mem size : 61079552000.\n")
    assert (result.oom, result.framework, result.memory) == (True, "mindspore", "gpu")
    assert (result.in_use_bytes, result.requested_bytes, result.total_bytes) == (24725382656, 100555779072,
                                                                                 61079552000)
    assert result.case == "larger-than-device"
    older = explain("[ERROR] PRE_ACT(1,7f,python):2023-01-01-00:00:00.000.000 [mindspore/ccsrc/backend/common/"
                    "mem_reuse/mem_dynamic_allocator.cc:300] AddMemBlockAndMemBufByEagerFree] TotalUsedMemStatistics : "
                    "29356337664 plus alloc size : 301990400 is more than total mem size : 29464985600.\n")
    assert (older.framework, older.requested_bytes, older.case) == ("mindspore", 301990400, "activations-batch")


def test_mindspores_runtime_and_its_cuda_checks():
    """The runtime's "Device(id:0) memory isn't enough and alloc failed, ... alloc size: NB." is the device's; a CUDA
    call that allocates failing with error 2 is the memory it allocates: cudaHostAlloc's is page-locked host RAM
    (MindData's device queue), and a stream that could not be made allocated nothing."""
    from oomdoctor.explain import explain

    device = explain("RuntimeError: Device(id:1) memory isn't enough and alloc failed, kernel name: "
                     "Default/network-WithLossCell/_backbone-ResNet/conv1-Conv2d/Conv2D-op1, alloc size: 1073741824B.\n"
                     "- C++ Call Stack: (For framework developers)\nmindspore/ccsrc/runtime/graph_scheduler/"
                     "graph_scheduler.cc:100 Run\n")
    assert (device.oom, device.framework, device.memory, device.requested_bytes, device.gpu_index) == (
        True, "mindspore", "gpu", 1073741824, 1)
    pinned = explain("[ERROR] MD(14433,7fea2effd700,python):2021-12-12-14:13:43.932.181 [mindspore/ccsrc/minddata/"
                     "dataset/util/arena.cc:250] Init] cudaHostAlloc failed, ret[2], out of memory\n"
                     "[ERROR] MD(14433,7fea2effd700,python):2021-12-12-14:13:43.932.253 [mindspore/ccsrc/minddata/"
                     "dataset/util/task.cc:67] operator()] Task:  - thread(140643787593472) is terminated with err "
                     "msg: Out of memory. Memory malloc failed.\n")
    assert (pinned.oom, pinned.framework, pinned.memory, pinned.case) == (True, "mindspore", "host", "host-memory")
    stream = explain("MindSpore version:  2.1.0\n[ERROR] DEVICE(2382696,7fe93dd0b740,python):"
                     "2023-11-28-21:28:17.917.989 [mindspore/ccsrc/runtime/pynative/async/async_queue.cc:232] "
                     "WorkerJoin] WorkerJoin failed: \n"
                     "- Cuda error:\nThe cudaStreamCreateWithFlags failed, ret[2], out of memory\n")
    assert (stream.oom, stream.framework) == (False, "mindspore")


def test_paddle_fluids_first_chunk_check_in_enforce_words():
    """PaddlePaddle Fluid before 1.2 states its first pool chunk's check by PADDLE_ENFORCE_LE's words alone."""
    from oomdoctor.explain import explain

    result = explain("paddle.fluid.core.EnforceNotMet: enforce allocating <= available failed, 10513462067 > "
                     "1369702144\nat [/home/disk1/paddle/Paddle/paddle/fluid/platform/gpu_info.cc:89]\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "paddle", "gpu", "preallocation")
    assert (result.requested_bytes, result.free_bytes) == (10513462067, 1369702144)


def test_a_pod_kubernetes_evicted_or_found_oomkilled_ran_out_of_ram():
    """The kubelet's eviction under node memory pressure (pkg/kubelet/eviction) and a container's OOMKilled status
    are the host's RAM, which the program never saw run out."""
    from oomdoctor.explain import explain

    evicted = explain("The node was low on resource: memory. Container notebook was using 14Gi, which exceeds its "
                      "request of 8Gi.\nKilling container with id docker://notebook:Need to kill Pod\n")
    assert (evicted.oom, evicted.framework, evicted.memory, evicted.case) == (True, "kubernetes", "host",
                                                                               "host-memory")
    assert evicted.in_use_bytes == 14 << 30
    assert any("evicted" in line for line in evicted.diagnosis)
    keras = explain("Epoch 1/10\n  File \"train.py\", line 9, in <module>\n    import tensorflow as tf\n"
                    "The node was low on resource: memory.\n")
    assert (keras.framework, keras.memory) == ("tensorflow", "host")
    status = explain("    State:          Terminated\n      Reason:       OOMKilled\n      Exit Code:    137\n")
    assert (status.oom, status.memory, status.case) == (True, "host", "host-memory")
    assert any("SIGKILL" in line for line in status.diagnosis)
    assert not explain("The node was low on resource: ephemeral-storage.\n").oom


def test_a_container_limit_too_low_to_start_or_a_space_over_its_limit_ran_out_of_ram():
    """runc killing a container's init for its memory cgroup (OpenShift's CreateContainerError), and a Hugging Face
    Space's status over its container's limit: the host's RAM, the limit stated where the status gives it
    (explain_heldout41's Kubeflow operator, explain_heldout43's Space)."""
    from oomdoctor.explain import explain

    runc = explain('Warning  Failed  113s   kubelet  Error: container create failed: time="2022-09-14T11:35:13Z" '
                   'level=error msg="runc create failed: unable to start container process: container init was '
                   'OOM-killed (memory limit too low?)"\n')
    assert (runc.oom, runc.memory, runc.case) == (True, "host", "host-memory")
    space = explain("> runtime error\n> Memory limit exceeded (16Gi)\n> Container logs:\n")
    assert (space.oom, space.memory, space.case, space.limit_bytes) == (True, "host", "host-memory", 16 << 30)
    assert not explain("> runtime error\n> Exit code: 1. Reason: ImportError\n").oom


def test_libcxx_bad_alloc_and_a_system_call_that_failed_for_memory_are_ram():
    """libc++'s terminate handler (macOS, Android: "terminating with uncaught exception of type std::bad_alloc"), with
    what macOS's malloc could not map before it, and strace's "= -1 ENOMEM (Cannot allocate memory)"
    (explain_heldout44's TFLite on iOS and TensorFlow under an address-space rlimit): the host's RAM."""
    from oomdoctor.explain import explain

    ios = explain("Celly(5485,0x1006aebc0) malloc: can't allocate region\n*** mach_vm_map(size=1800945664) failed "
                  "(error code=3)\nlibc++abi.dylib: terminating with uncaught exception of type std::bad_alloc: "
                  "std::bad_alloc\n")
    assert (ios.oom, ios.memory, ios.case, ios.requested_bytes) == (True, "host", "host-memory", 1800945664)
    strace = explain("mmap(NULL, 8392704, PROT_NONE, MAP_PRIVATE|MAP_ANONYMOUS|MAP_STACK, -1, 0) = -1 ENOMEM (Cannot "
                     "allocate memory)\n")
    assert (strace.oom, strace.memory) == (True, "host")
    assert not explain("open(\"/etc/x\", O_RDONLY) = -1 ENOENT (No such file or directory)\n").oom


def test_zshs_report_of_a_job_killed_is_the_oom_killers():
    """zsh's job report, "[1]    51630 killed     ./vgg16.test", after the program's last words on that line
    (explain_heldout45's PUMA compiler): SIGKILL from outside, the host's RAM."""
    from oomdoctor.explain import explain

    result = explain("Memory allocation... done.\nMVM coalescing... [1]    51630 killed     ./vgg16.test\n")
    assert (result.oom, result.memory, result.case) == (True, "host", "host-memory")
    assert not explain("[1]    51630 done       ./vgg16.test\n").oom
    assert not explain("the job was killed by the user\n").oom


def test_rays_memory_monitor_killing_a_worker_is_the_nodes_ram():
    """Ray's OutOfMemoryError is its memory monitor's, not PyTorch's class of the same name: the node's RAM over the
    threshold, with what it used and had (explain_heldout41's Ray Data shuffle)."""
    from oomdoctor.explain import explain

    result = explain("ray.exceptions.OutOfMemoryError: Task was killed due to the node running low on memory.\n\n"
                     "Memory on the node (IP: 172.31.69.247, ID: 5bf8d24f) where the task was running was 54.86GB / "
                     "57.60GB (0.952354), which exceeds the memory usage threshold of 0.95. Ray killed this worker "
                     "(ID: 0c7d1ce9) because it was the most recently scheduled task.\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "ray", "host", "host-memory")
    assert (result.in_use_bytes, result.total_bytes) == (int(54.86 * 2**30), int(57.60 * 2**30))
    assert any("Ray's memory monitor" in line for line in result.diagnosis)
    torch_in_ray = explain("ray.exceptions.RayTaskError(OutOfMemoryError): ray::train_fn() (pid=1, ip=10.0.0.1)\n"
                           "torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 20.00 MiB.\n")
    assert (torch_in_ray.framework, torch_in_ray.memory) == ("torch", "gpu")


def test_caffes_cuda_check_and_turbominds_allocator_out_of_memory():
    """Caffe's CUDA_CHECK, glog's CHECK_EQ of cudaSuccess and the runtime's error 2 (explain_heldout42's SSD on a 1 GB
    card), and TurboMind's allocator, LMDeploy's engine forked from FasterTransformer (explain_heldout43): GPU
    out-of-memory errors, the engine's own buffers said as such."""
    from oomdoctor.explain import explain

    caffe = explain("F1109 18:20:40.511134 28312 syncedmem.cpp:56] Check failed: error == cudaSuccess (2 vs. 0)  out "
                    "of memory\n*** Check failure stack trace: ***\n    @     0x7fb7d820a201  "
                    "caffe::SyncedMemory::to_gpu()\n")
    assert (caffe.oom, caffe.framework, caffe.memory) == (True, "caffe", "gpu")
    assert not explain("F1109 syncedmem.cpp:78] Check failed: error == cudaSuccess (77 vs. 0)  an illegal memory "
                       "access was encountered\n").oom
    turbomind = explain("api server: CUDA runtime error: out of memory /opt/lmdeploy/src/turbomind/utils/"
                        "allocator.h:231\n")
    assert (turbomind.oom, turbomind.framework, turbomind.memory) == (True, "lmdeploy", "gpu")
    assert "--cache-max-entry-count" in turbomind.fixes[0]


def test_xlas_own_out_of_memory_words_before_its_buffer_dump():
    """XLA's GPU executable: "Out of memory while trying to allocate N bytes." and its BufferAssignment dump, where the
    paste begins after the RESOURCE_EXHAUSTED status line; Keras 3's TensorFlow trainer names the framework."""
    from oomdoctor.explain import explain

    result = explain('  File "/home/u/envs/py310/lib/python3.10/site-packages/keras/src/backend/tensorflow/trainer.py", '
                     "line 118, in one_step_on_iterator\n"
                     "Out of memory while trying to allocate 2359296 bytes.\nBufferAssignment OOM Debugging.\n"
                     "BufferAssignment stats:\n             parameter allocation:  766.26MiB\n"
                     "              constant allocation:         8B\n")
    assert (result.oom, result.framework, result.memory, result.requested_bytes) == (True, "tensorflow", "gpu",
                                                                                     2359296)


def test_the_drivers_info_lines_beside_warnings_that_are_not_a_failure():
    """StreamExecutor's INFO lines for requests the driver refused, beside the BFC allocator's warnings that say the
    caller does not count them as a failure, are the retries those warnings speak of: no OOM. The same lines with no
    such warning, or with a failure of the allocator's own, still are one."""
    from oomdoctor.explain import explain

    warning = ("2020-06-25 11:53:10.941227: W tensorflow/core/common_runtime/bfc_allocator.cc:239] Allocator "
               "(GPU_0_bfc) ran out of memory trying to allocate 120.70MiB with freed_by_count=0. The caller indicates "
               "that this is not a failure, but may mean that there could be performance gains if more memory were "
               "available.\n")
    driver = ("2020-06-25 11:53:10.941496: I tensorflow/stream_executor/cuda/cuda_driver.cc:831] failed to allocate "
              "4.00G (4294967296 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n")
    assert not explain(warning + driver * 6).oom
    assert explain(driver).oom
    assert explain(warning + driver + "2020-06-25 11:53:12.000000: E tensorflow/stream_executor/cuda/cuda_driver.cc:"
                   "890] failed to alloc 2147483648 bytes on host: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n").oom


def test_an_oom_while_distributeddataparallel_wraps_the_model_is_the_models_size():
    """DDP's constructor makes its Reducer's gradient buckets, together as large as the model's parameters, when the
    model is wrapped: before any batch, so the batch size is not what to change."""
    from oomdoctor.explain import explain

    result = explain('  File "/usr/local/lib/python3.10/dist-packages/torch/nn/parallel/distributed.py", line 1100, in '
                     "_ddp_init_helper\n    self.reducer = dist.Reducer(\n"
                     "torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 25.10 GiB. GPU 0 has a total "
                     "capacty of 39.39 GiB of which 13.58 GiB is free. Including non-PyTorch memory, this process has "
                     "25.80 GiB memory in use. Of the allocated memory 25.23 GiB is allocated by PyTorch, and 12.97 MiB "
                     "is reserved by PyTorch but unallocated.\n")
    assert (result.framework, result.memory, result.case) == ("torch", "gpu", "weights-or-loading")


def test_the_tpu_compilers_early_abort_is_compile_time():
    """The TPU compiler gives up before laying the program out when its estimate is far above the HBM: "Aborting
    compilation early because it's unlikely to have enough memory. Requires 3.84T, has 90.96G available." (XLA's
    error code 1000): the program's requirement and what the chip has free, read at compile time."""
    from oomdoctor.explain import explain

    log = ("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: Compilation failure: Aborting compilation early "
           "because it's unlikely to have enough memory. Requires 3.84T, has 90.96G available. If more detailed "
           "logging is desired, set --xla_tpu_impure_oom_fast_exit_threshold=-1\n")
    result = explain(log)
    assert (result.oom, result.framework, result.memory, result.case) == (True, "jax", "tpu", "compile-time")
    assert result.free_bytes == int(90.96 * 2**30)
    assert "91.0 GiB available" in result.diagnosis[-1]
    # the same words outside the compiler's sentence are no allocation that failed
    near = explain("WARNING: this machine is unlikely to have enough memory. Requires 16G, has 8G available.\n")
    assert not near.oom


def test_the_end_of_a_tpu_compilers_buffer_list_is_compile_time():
    """A paste can keep only the end of the TPU compiler's list of the program's largest buffers ("3. Size: 2.62G",
    its op, its tiled shape, "Allocation type: HLO temp"), the error's head scrolled away: still the compiler's
    report that the program does not fit the chip (here under TensorFlow: the op's metadata names a graph node)."""
    from oomdoctor.explain import explain

    log = ("     ==========================\n\n"
           "  3. Size: 2.62G\n"
           '     Operator: op_type="Conv2D" op_name="model/layer_1/Conv2D"\n'
           "     Shape: f32[128,256,896,18]{0,3,2,1:T(8,128)}\n"
           "     Unpadded size: 1.97G\n"
           "     Extra memory due to padding: 672.00M (1.3x expansion)\n"
           "     XLA label: %fusion.9.remat = f32[128,256,896,18]{0,3,2,1:T(8,128)} fusion(...)\n"
           "     Allocation type: HLO temp\n"
           "     ==========================\n\n"
           "During handling of the above exception, another exception occurred:\n")
    result = explain(log)
    assert (result.oom, result.framework, result.memory, result.case) == (True, "tensorflow", "tpu", "compile-time")
    assert (result.requested_bytes, result.shape) == (None, None)  # one of many buffers, not the one that failed
    assert "largest buffers" in result.diagnosis[-1]
    # a numbered list of sizes without the compiler's allocation type is no TPU report
    near = explain("Checkpoint shards:\n  1. Size: 2.62G\n  2. Size: 1.10G\nDone.\n")
    assert not near.oom


@pytest.mark.parametrize("error", ["HIP_ERROR_OutOfMemory", "hipErrorOutOfMemory", "hipError_t(1002)"])
def test_the_rocm_drivers_refusal_is_the_cuda_drivers(error):
    """StreamExecutor on ROCm prints the CUDA driver's words with HIP's error, as each version names it (its own
    HIP_ERROR_ names, hipGetErrorName's, old HIP's hipErrorMemoryAllocation as the number 1002)."""
    from oomdoctor.explain import explain

    log = ("2021-03-02 10:01:02.123456: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1418] Created TensorFlow "
           "device (/job:localhost/replica:0/task:0/device:GPU:1 with 15276 MB memory) -> physical GPU (device: 1, "
           "name: Device 66a1, pci bus id: 0000:43:00.0)\n"
           "2021-03-02 10:01:02.654321: E tensorflow/stream_executor/rocm/rocm_driver.cc:620] failed to allocate "
           f"14.92G (16018558976 bytes) from device: {error}\n")
    result = explain(log)
    assert (result.oom, result.framework, result.memory) == (True, "tensorflow", "gpu")
    assert (result.requested_bytes, result.gpu_index) == (16018558976, 1)


def test_a_rocm_allocation_that_failed_for_another_reason_is_no_oom():
    from oomdoctor.explain import explain

    log = ("2021-03-02 10:01:02.654321: E tensorflow/stream_executor/rocm/rocm_driver.cc:620] failed to allocate "
           "14.92G (16018558976 bytes) from device: hipErrorInvalidValue\n")
    assert not explain(log).oom


def test_a_directml_device_is_the_gpu_it_names():
    """tensorflow-directml names its devices DML ("device:DML:1 by allocator DmlAllocator"): the GPU's index."""
    from oomdoctor.explain import explain

    log = ("2021-05-14 09:12:44.118201: W tensorflow/core/common_runtime/bfc_allocator.cc:439] ...\n"
           "tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
           "shape[32,64,112,112] and type half on /job:localhost/replica:0/task:0/device:DML:1 by allocator "
           "DmlAllocator\n")
    result = explain(log)
    assert (result.memory, result.gpu_index, result.shape) == ("gpu", 1, [32, 64, 112, 112])
    on_cpu = explain(log.replace("device:DML:1 by allocator DmlAllocator", "device:CPU:0 by allocator cpu"))
    assert on_cpu.gpu_index is None


def test_colabs_banner_that_the_session_used_all_its_ram_is_host_memory():
    """Colab's runtime, its kernel killed when the VM's RAM ran out, says so in a banner (here as the free tier and
    as Colab Pro print it, under a Keras traceback that names the framework)."""
    from oomdoctor.explain import explain

    free = explain("model.fit(x_train, y_train, epochs=20)\n\nYour session crashed after using all available RAM. "
                   "If you are interested in access to high-RAM runtimes, you may want to check out Colab Pro.\n"
                   "import tensorflow as tf\n")
    assert (free.oom, free.framework, free.memory, free.case) == (True, "tensorflow", "host", "host-memory")
    pro = explain("Your session crashed after using all available RAM. As a Colab Pro+ user, you have access to "
                  "high-memory runtimes.")
    assert (pro.oom, pro.memory, pro.case) == (True, "host", "host-memory")
    # the banner for a crash of any other cause is no OOM
    assert not explain("Your session crashed for an unknown reason. View runtime logs").oom


def test_tensorflows_exception_class_on_a_tpu_names_tensorflow():
    """The TPU compiler's words are the same under JAX and TensorFlow; TensorFlow's exception class
    (ResourceExhaustedError, which JAX never raises) and its graph functions ("{{function_node __inference_...}}")
    name TensorFlow where the traceback and the imports were cut."""
    from oomdoctor.explain import explain

    message = ("Compilation failure: Ran out of memory in memory space hbm. Used 18.20G of 15.98G hbm. Exceeded hbm "
               "capacity by 2.22G.\n")
    cls = explain("ResourceExhaustedError: " + message)
    node = explain("RESOURCE_EXHAUSTED: {{function_node __inference_train_function_80211}} " + message)
    assert (cls.framework, cls.memory, cls.case) == ("tensorflow", "tpu", "compile-time")
    assert node.framework == "tensorflow"
    # JAX's own error for the same words stays JAX's
    jax = explain("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: XLA:TPU compile permanent error. "
                  + message)
    assert jax.framework == "jax"


def test_tensorflows_pool_grab_at_start_is_not_larger_than_the_device():
    """TensorFlow asks the driver for its whole pool at start, the region rounded a little over the device it
    created ("with 7168 MB memory"): that request failing is the pool's, not one tensor larger than the device."""
    from oomdoctor.explain import explain

    log = ("2019-02-11 08:30:12.000001: I tensorflow/core/common_runtime/gpu/gpu_device.cc:1115] Created TensorFlow "
           "device (/job:localhost/replica:0/task:0/device:GPU:0 with 7168 MB memory) -> physical GPU (device: 0, "
           "name: GeForce GTX 1080, pci bus id: 0000:01:00.0, compute capability: 6.1)\n"
           "2019-02-11 08:30:12.000002: E tensorflow/stream_executor/cuda/cuda_driver.cc:806] failed to allocate "
           "{size} ({bytes} bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n")
    grab = explain(log.format(size="7.00G", bytes=7516321792))
    assert (grab.requested_bytes, grab.limit_bytes, grab.case) == (7516321792, 7168 << 20, "preallocation")
    # a request well over the pool is still more than the device could give
    over = explain(log.format(size="9.50G", bytes=10200547328))
    assert over.case == "larger-than-device"


def test_a_pool_that_never_allocated_holds_nothing_where_the_paste_starts_at_its_stats():
    """A paste can begin at the BFC dump's summary, the allocator's "ran out of memory" line above it cut: a pool
    that never made an allocation ("InUse: 0", "NumAllocs: 0") held nothing of this process, so a small tensor that
    found no room found the device held elsewhere, whatever its op."""
    from oomdoctor.explain import explain

    stats = ("2020-07-01 12:00:00.000001: I tensorflow/core/common_runtime/bfc_allocator.cc:1046] Stats: \n"
             "Limit:                     10455414784\nInUse:                               0\n"
             "MaxInUse:                            0\nNumAllocs:                        {allocs}\n"
             "MaxAllocSize:                        0\n\n"
             "2020-07-01 12:00:00.000002: W tensorflow/core/framework/op_kernel.cc:1767] OP_REQUIRES failed at "
             "random_op.cc:74 : Resource exhausted: OOM when allocating tensor with shape[512,512] and type float on "
             "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n"
             "\t [[{{node dense_3/kernel/Initializer/random_uniform/RandomUniform}}]]\n")
    assert explain(stats.format(allocs=0)).case == "limit-or-other-process"
    # a pool that has allocated (and freed) is no such evidence: the initializer's op decides
    assert explain(stats.format(allocs=1520)).case == "weights-or-loading"


def test_tcmallocs_large_allocation_that_returned_null_is_host_memory():
    """gperftools' tcmalloc prints each large allocation with the pointer it returned: "(nil)" is RAM it could not
    get, and its size the request; an address is an allocation that succeeded, only a warning."""
    from oomdoctor.explain import explain

    result = explain("2021-04-02 09:12:44.118300: I tensorflow/core/platform/cpu_feature_guard.cc:142] This "
                     "TensorFlow binary is optimized with oneAPI Deep Neural Network Library (oneDNN)\n"
                     "tcmalloc: large alloc 51539607552 bytes == (nil) @  0x7f3c2a1b2680 0x7f3c2a1d3824 "
                     "0x7f3b9e0f12da\nterminate called after throwing an instance of 'std::length_error'\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "tensorflow", "host", "host-memory")
    assert result.requested_bytes == 48 * 2**30
    # an absurd size is no machine's: a size computed wrong, whatever allocator refused it
    absurd = explain("tcmalloc: large alloc 9223372036854775808 bytes == (nil) @  0x7f00 0x7f01\nAborted\n")
    assert (absurd.oom, absurd.memory, absurd.case) == (True, "host", "larger-than-device")
    granted = explain("tcmalloc: large alloc 51539607552 bytes == 0x7f3b40000000 @  0x7f3c2a1b2680 0x7f3c2a1d3824\n"
                      "Epoch 1/10\n")
    assert granted.oom is False


def test_colabs_kernel_restarted_after_tcmallocs_large_allocations_is_host_memory():
    """Colab's runtime log, newest line first: tcmalloc's warnings of allocations of a GiB or more, then Jupyter
    restarting the kernel that died: the VM's RAM ran out (a large alloc that succeeded is no failing request)."""
    from oomdoctor.explain import explain

    log = ("Nov 16, 2020, 10:20:09 PM | INFO | KernelRestarter: restarting kernel (1/5), keep random ports\n"
           "-- | -- | --\n"
           "Nov 16, 2020, 10:20:04 PM | WARNING | tcmalloc: large alloc 12884901888 bytes == 0x7f8880000000 @ "
           "0x7f94b4551001 0x7f94aba49765 0x7f94abaadbb0 0x50a4a5 0x50cc96\n")
    result = explain(log)
    assert (result.oom, result.memory, result.case, result.requested_bytes) == (True, "host", "host-memory", None)
    # a kernel restarted with no sign of memory (a segfault, a user's restart), or large allocations that went on
    # without a restart, are no OOM
    assert not explain(log.split("-- | -- | --\n")[0]).oom
    assert not explain(log.split("-- | -- | --\n")[1]).oom
def test_a_model_cast_by_nn_modules_own_method_is_loading_it():
    """nn.Module's .half(), .bfloat16(), .cuda() are each "return self._apply(...)": a traceback cut to that code line
    (the frame's file line gone) still shows the model being cast or moved, not a step. A model's own helper whose
    name begins the same (self._apply_rotary(...), in a forward) is not it."""
    from oomdoctor.explain import explain

    message = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 40.00 MiB. GPU 0 has a total capacity of "
               "11.72 GiB of which 21.50 MiB is free. Including non-PyTorch memory, this process has 11.68 GiB memory "
               "in use. Of the allocated memory 11.20 GiB is allocated by PyTorch, and 120.35 MiB is reserved by "
               "PyTorch but unallocated.\n")
    cast = explain("    return self._apply(lambda t: t.half() if t.is_floating_point() else t)\n"
                   "                                 ^^^^^^^^\n" + message)
    assert (cast.framework, cast.case) == ("torch", "weights-or-loading")
    rotary = explain("    q = self._apply_rotary(q, cos, sin)\n        ^^^^^^^^^^^^^^^^^^^\n" + message)
    assert rotary.case == "activations-batch"


def test_zero3_gathering_a_modules_parameters_is_the_weights():
    """DeepSpeed ZeRO-3 keeps each parameter partitioned over the ranks and gathers a sub-module's whole weights onto
    the GPU before it runs (fetch_sub_module, __all_gather_params): an OOM there is the weights'. The same ZeRO-3 run
    failing inside a layer's forward is the step's."""
    from oomdoctor.explain import explain

    message = ("torch.cuda.OutOfMemoryError: CUDA out of memory. Tried to allocate 1.95 GiB. GPU 3 has a total "
               "capacity of 79.15 GiB of which 1.02 GiB is free. Including non-PyTorch memory, this process has 78.12 "
               "GiB memory in use. Of the allocated memory 76.40 GiB is allocated by PyTorch, and 310.21 MiB is "
               "reserved by PyTorch but unallocated.\n")
    zero = '  File "/opt/conda/lib/python3.10/site-packages/deepspeed/runtime/zero/'
    gather = explain(zero + 'parameter_offload.py", line 505, in pre_sub_module_forward_function\n'
                     "    param_coordinator.fetch_sub_module(sub_module, forward=True)\n" + zero +
                     'partitioned_param_coordinator.py", line 310, in fetch_sub_module\n'
                     "    self.__all_gather_params(params_to_fetch, forward)\n" + message)
    assert gather.case == "weights-or-loading"
    step = explain(zero + 'parameter_offload.py", line 392, in _pre_forward_module_hook\n'
                   '  File "/opt/conda/lib/python3.10/site-packages/transformers/models/llama/modeling_llama.py", line '
                   "350, in forward\n    attn_weights = torch.matmul(query_states, key_states.transpose(2, 3))\n"
                   + message)
    assert step.case == "activations-batch"


def test_an_nccl_segment_that_cuda_would_not_register_is_no_oom():
    """ncclShmOpen prints "Error while creating shared memory segment" on every way out; when the line before it is a
    CUDA call's failure (cudaHostRegister of the mapped segment) that is not out of memory, /dev/shm did not run out.
    The same segment line after "failed to extend", or after CUDA's own out of memory, still is NCCL's buffers."""
    from oomdoctor.explain import explain

    segment = ("node7:40211:40290 [2] misc/shmutils.cc:131 NCCL WARN Error while creating shared memory segment "
               "/dev/shm/nccl-a8Bc3d (size 4333568)\nnode7:40211:40290 [2] NCCL INFO transport/shm.cc:493 -> 1\n")
    for reason in ("1 'invalid argument'", "'operation not permitted'"):
        result = explain(f"node7:40211:40290 [2] misc/shmutils.cc:118 NCCL WARN Cuda failure {reason}\n\n" + segment)
        assert (result.oom, result.case) == (False, "not-oom")
    extend = ("node7:40211:40290 [2] misc/shmutils.cc:88 NCCL WARN Error: failed to extend /dev/shm/nccl-a8Bc3d to "
              "4333572 bytes, error: No space left on device (28)\n\n")
    full = explain(extend + segment)
    assert (full.oom, full.memory, full.case) == (True, "host", "nccl-buffers")
    oom = explain("node7:40211:40290 [2] misc/shmutils.cc:118 NCCL WARN Cuda failure 2 'out of memory'\n\n" + segment)
    assert (oom.oom, oom.case) == (True, "nccl-buffers")


def test_pytorch_1s_message_cut_inside_its_reserved_words_keeps_the_figure():
    """A paste that ends inside PyTorch 1.x's last words ("22.31 GiB reserved in tot", "11.85 GiB r") still shows the
    reserved figure: it is the one after "free;" (or "allowed;"). Cut before any of those words, the figure could be
    the limit's, and is not read as reserved."""
    from oomdoctor.explain import explain

    head = ("RuntimeError: CUDA out of memory. Tried to allocate 64.00 MiB (GPU 1; 23.65 GiB total capacity; 21.90 GiB "
            "already allocated; 18.06 MiB free; ")
    assert explain(head + "22.31 GiB reserved in tot\n").reserved_bytes == round(22.31 * 2**30)
    assert explain(head + "12.00 GiB allowed; 11.85 GiB r").reserved_bytes == round(11.85 * 2**30)
    assert explain(head + "22.31 GiB").reserved_bytes is None
    assert explain(head + "22.31 GiB rest of the line").reserved_bytes is None


def test_a_log_that_names_only_a_pytorch_library_is_pytorchs():
    """A process killed while loading, whose log names no framework but a library made for PyTorch alone (bitsandbytes'
    banner and path, DeepSpeed's launcher): PyTorch's program. A log that names none stays unnamed."""
    from oomdoctor.explain import explain

    shards = "Loading checkpoint shards:  33%|███▎      | 1/3 [00:12<00:25, 12.61s/it]\nKilled\n"
    bnb = explain("Welcome to bitsandbytes. For effortless bug reporting submit information using: python -m "
                  "bitsandbytes\nbin /usr/local/lib/python3.9/site-packages/bitsandbytes/libbitsandbytes_cuda117.so\n"
                  + shards)
    assert (bnb.oom, bnb.framework, bnb.memory, bnb.case) == (True, "torch", "host", "host-memory")
    launcher = explain("[2024-03-02 10:14:55,120] [ERROR] [launch.py:321:sigkill_handler] ['/usr/bin/python', "
                       "'-u', 'finetune.py', '--local_rank=0'] exits with return code = -9\n"
                       "[2024-03-02 10:14:54,101] [INFO] [launch.py:315:sigkill_handler] Killing subprocess 3012\n"
                       "deepspeed --num_gpus 1 finetune.py\n")
    assert (launcher.oom, launcher.framework) == (True, "torch")
    assert explain(shards).framework is None


def test_a_loader_that_reports_the_error_just_after_it_was_loading():
    """A loader that catches the error says what it was loading on the line after the message (SGLang's "Error while
    loading component: transformer, ..."): the weights. A progress bar of loading alone, or a loader's complaint far
    above the message, says nothing of where the step failed."""
    from oomdoctor.explain import explain

    message = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 34.00 MiB. GPU 0 has a total capacity of "
               "31.36 GiB of which 8.88 MiB is free. Including non-PyTorch memory, this process has 29.55 GiB memory "
               "in use. Of the allocated memory 24.19 GiB is allocated by PyTorch, and 90.74 MiB is reserved by "
               "PyTorch but unallocated.\n")
    loader = explain(message + "[06-09 13:32:27] Error while loading component: transformer, component_model_path="
                     "'/data/models/wan2.2/transformer'\n[06-09 13:32:32] Worker 0: Shutdown complete.\n")
    assert loader.case == "weights-or-loading"
    bar = explain(message + "Loading checkpoint shards: 100%|██████████| 3/3 [00:03<00:00,  1.20s/it]\n")
    assert bar.case == "activations-batch"
    above = explain("Failed to load image Python extension: libc10_cuda.so: cannot open shared object file\n" +
                    "step 10/200\n" * 20 + message)
    assert above.case == "activations-batch"


def test_comfyuis_report_of_a_loader_or_text_encode_node_is_loading():
    """ComfyUI's error report names the node that raised: a loader node loads a model, and a text-encode node first
    loads its text encoder onto the GPU (CLIP.encode_from_tokens calls load_model()), then encodes a few tokens. The
    sampler's node is the step's."""
    from oomdoctor.explain import explain

    report = ("# ComfyUI Error Report\n## Error Details\n- **Node ID:** 41\n- **Node Type:** {node}\n"
              "- **Exception Type:** torch.OutOfMemoryError\n- **Exception Message:** CUDA out of memory. Tried to "
              "allocate 128.00 MiB. GPU 0 has a total capacity of 11.99 GiB of which 0 bytes is free. Of the "
              "allocated memory 10.92 GiB is allocated by PyTorch, and 201.40 MiB is reserved by PyTorch but "
              "unallocated.\n## Stack Trace\n")
    for node in ("CLIPTextEncodeFlux", "DualCLIPLoader", "UNETLoader"):
        assert explain(report.format(node=node)).case == "weights-or-loading"
    for node in ("KSampler", "VAEDecode"):
        assert explain(report.format(node=node)).case == "activations-batch"


def test_a_resource_exhausted_error_about_no_memory_is_no_oom():
    """TensorFlow's hint about allocated tensors follows any ResourceExhaustedError, and TF-TRT's op raises one when
    its engine cache has no room for another batch size: no allocation failed. The same hint after an OOM, or after
    a message of root errors whose lines state one, is still an OOM."""
    from oomdoctor.explain import explain

    hint = ("Hint: If you want to see a list of allocated tensors when OOM happens, add "
            "report_tensor_allocations_upon_oom to RunOptions for current allocation info.\n")
    cache = explain("2019-03-02 10:11:12.000001: W tensorflow/contrib/tensorrt/kernels/trt_engine_op.cc:260] Engine "
                    "retrieval for batch size 8 failed\n"
                    "tensorflow.python.framework.errors_impl.ResourceExhaustedError: Requested batch size is not "
                    "available and engine cache is full\n\t [[{{node TRTEngineOp_0}}]]\n" + hint)
    assert (cache.oom, cache.framework, cache.case) == (False, "tensorflow", "not-oom")
    oom = explain("tensorflow.python.framework.errors_impl.ResourceExhaustedError: failed to allocate memory "
                  "[Op:AddV2]\n" + hint)
    assert oom.oom and oom.framework == "tensorflow"
    roots = explain("tensorflow.python.framework.errors_impl.ResourceExhaustedError: 2 root error(s) found.\n"
                    "  (0) Resource exhausted: SameWorkerRecvDone unable to allocate output tensor.\n" + hint)
    assert roots.oom


def test_onnxruntimes_arena_failure_cut_after_the_functions_name():
    """ONNX Runtime's failed op states the arena's function before its words; a paste cut there (or the message of a
    limit, "Available memory of N is smaller than requested bytes of M") is still the arena's failure. The function's
    name in a note, not a failed op's status, is none."""
    from oomdoctor.explain import explain

    cut = explain("[ONNXRuntimeError] : 6 : RUNTIME_EXCEPTION : Non-zero status code returned while running Conv node. "
                  "Name:'Conv_57' Status Message: /onnxruntime_src/onnxruntime/core/framework/bfc_arena.cc:342 void* "
                  "onnxruntime::BFCArena::AllocateRawInternal(size_t, bool)\n"
                  "providers: ['CUDAExecutionProvider', 'CPUExecutionProvider']\n")
    assert (cut.oom, cut.framework, cut.memory, cut.requested_bytes) == (True, "onnxruntime", "gpu", None)
    limit = explain("onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : "
                    "RUNTIME_EXCEPTION : Non-zero status code returned while running Gemm node. Name:'fc1' Status "
                    "Message: bfc_arena.cc:317 onnxruntime::BFCArena::AllocateRawInternal Available memory of 0 is "
                    "smaller than requested bytes of 8388608 (CUDAExecutionProvider)\n")
    assert (limit.oom, limit.requested_bytes) == (True, 8388608)
    note = explain("import onnxruntime\n# retry on the CPU when BFCArena::AllocateRawInternal fails on the GPU\n")
    assert not note.oom


def test_paddle_fluids_fatal_cuda_check_after_an_all_reduce():
    """Fluid 1.x checks CUDA after each all-reduce and stops with glog's FATAL line, cudaGetErrorString's words: "out
    of memory" is an allocation on the GPU that failed. Another CUDA error there, or the same words in a VLOG of a
    test that goes on, is none."""
    from oomdoctor.explain import explain

    stack = ("*** Check failure stack trace: ***\n    @     0x7f3a2c1d4b6d  google::LogMessage::Fail()\n"
             "    @     0x7f3a2e0917a5  paddle::framework::details::AllReduceOpHandle::RunImpl()\n")
    sync = explain("W0301 08:00:01.000000 12 device_context.cc:259] Please NOTE: device: 1, CUDA Capability: 70\n"
                   "F0301 09:14:55.102938 4411 all_reduce_op_handle.cc:162] cudaStreamSynchronize out of memory\n"
                   + stack)
    assert (sync.oom, sync.framework, sync.memory) == (True, "paddle", "gpu")
    last = explain("F0301 09:14:55.102938 4411 all_reduce_op_handle.cc:168] cudaGetLastError  out of memory errno:2\n"
                   + stack)
    assert (last.oom, last.framework) == (True, "paddle")
    illegal = explain("F0301 09:14:55.102938 4411 all_reduce_op_handle.cc:168] cudaGetLastError  an illegal memory "
                      "access was encountered errno:77\n" + stack)
    assert not illegal.oom
    probe = explain("I0301 09:14:55.102938 4411 fused_all_reduce_op_handle.cc:61] cudaGetLastError  out of memory "
                    "errno:2\nW0301 09:14:56.000000 4411 build_strategy.cc:310] fall back to the plain all-reduce\n")
    assert not probe.oom


def test_llama_cpps_compute_buffer_on_one_gpu_of_a_split_model():
    """llama.cpp splits a model's layers over every GPU it finds; a compute buffer that finds no room on one of them is
    that GPU's share, balanced with --tensor-split. On the only GPU it is the context's (-c, -ub)."""
    from oomdoctor.explain import explain

    failure = ("llama_kv_cache_init:      ROCm0 KV buffer size =   512.00 MiB\n"
               "ggml_backend_cuda_buffer_type_alloc_buffer: allocating 1304.00 MiB on device {device}: cudaMalloc "
               "failed: out of memory\nggml_gallocr_reserve_n: failed to allocate ROCm{device} buffer of size "
               "1367343104\nllama_new_context_with_model: failed to allocate compute buffers\n")
    split = explain("ggml_cuda_init: found 2 ROCm devices:\n  Device 0: AMD Radeon RX 7900 XTX, gfx1100\n"
                    "  Device 1: AMD Radeon RX 6600, gfx1032\n" + failure.format(device=1))
    assert (split.framework, split.gpu_index, split.case) == ("llama.cpp", 1, "which-gpu")
    assert "--tensor-split" in " ".join(split.fixes)
    assert sum("--tensor-split" in fix for fix in split.fixes) == 1  # the split's own fix, not "split it" again
    alone = explain("ggml_cuda_init: found 1 ROCm devices:\n  Device 0: AMD Radeon RX 6600, gfx1032\n"
                    + failure.format(device=0))
    assert alone.case == "activations-batch"
    assert "--tensor-split" in " ".join(alone.fixes)  # one GPU: splitting over several is a fix


def test_gpustat_with_every_rank_on_one_gpu():
    """A gpustat pasted with the error, in a job of one process per GPU (mpirun, Horovod): one GPU full and the others
    all but empty is every rank on that GPU, which then failed; its line is the device's total and what was in use.
    Without a launcher (one process that uses one GPU of several), or with the other GPUs busy too, it says nothing."""
    from oomdoctor.explain import explain

    error = ("tensorflow.python.framework.errors_impl.ResourceExhaustedError: OOM when allocating tensor with "
             "shape[64,512,28,28] and type float\n")
    table = ("[0] GeForce GTX 1080 Ti | 41'C,   0 % |  1203 / 11178 MB | alice(1093M)\n"
             "[1] GeForce GTX 1080 Ti | 70'C,  98 % | 10891 / 11178 MB | alice(10781M)\n"
             "[2] GeForce GTX 1080 Ti | 38'C,   0 % |   {used} / 11178 MB | alice(100M)\n")
    ranks = explain("mpirun -np 3 python train.py\n" + error + table.format(used=110).replace("1203 /", " 110 /"))
    assert (ranks.case, ranks.gpu_index, ranks.total_bytes, ranks.in_use_bytes) == (
        "which-gpu", 1, 11178 << 20, 10891 << 20)
    assert "local_rank" in " ".join(ranks.fixes)
    busy = explain("mpirun -np 3 python train.py\n" + error + table.format(used=9000))
    assert busy.case == "activations-batch" and busy.gpu_index is None
    alone = explain(error + table.format(used=110).replace("1203 /", " 110 /"))
    assert alone.case == "activations-batch" and alone.total_bytes is None


def test_nvidia_smis_figures_padded_to_their_column():
    """nvidia-smi pads each memory figure to its column ("|      3MiB /  24576MiB |"): the device's total still reads.
    Two kinds of card in one table name no single device."""
    from oomdoctor.explain import explain

    error = "RuntimeError: CUDA error: out of memory\n"
    head = "| NVIDIA-SMI 535.104.05             Driver Version: 535.104.05   CUDA Version: 12.2     |\n"
    one = explain(error + head + "| 30%   31C    P8    21W / 350W |      3MiB /  24576MiB |      0%      Default |\n")
    assert one.total_bytes == 24576 << 20
    two = explain(error + head + "| 30%   31C    P8    21W / 350W |      3MiB /  24576MiB |      0%      Default |\n"
                  "| 22%   29C    P8     9W / 170W |      3MiB /  12288MiB |      0%      Default |\n")
    assert two.total_bytes is None
    # the table pasted from its column heads on (explain_heldout54's GPT2-chitchat log): still nvidia-smi's
    heads = "| Fan  Temp  Perf  Pwr:Usage/Cap|         Memory-Usage | GPU-Util  Compute M. |\n"
    cut = explain(heads + "| N/A   54C    P0   246W / 300W |  15514MiB / 16130MiB |    100%      Default |\n" + error)
    assert cut.total_bytes == 16130 << 20
    assert explain("|  15514MiB / 16130MiB |\n" + error).total_bytes is None  # no sign of nvidia-smi at all


def test_paddle_v1s_glog_check_of_a_cuda_call():
    """Paddle v1's CUDA layer checks each call with glog ("Check failed: cudaSuccess == cudaStat (0 vs. 2) Cuda Error:
    out of memory"): Paddle's, not PyTorch's. Under initPaddle it was making the devices' streams and handles, the CUDA
    context, with nothing of the model on the GPU: someone else held it. In hl_malloc_device in training: a step's."""
    from oomdoctor.explain import explain

    check = ("F0517 10:02:11.551203  2291 hl_cuda_device.cc:{line}] Check failed: cudaSuccess == cudaStat (0 vs. 2) "
             "Cuda Error: out of memory\n*** Check failure stack trace: ***\n    @     0x7f01c2a1b04d  "
             "google::LogMessage::Fail()\n")
    start = explain(check.format(line=352) + "    @     0x7f01c2a0a1f4  hl_specify_devices_start()\n"
                    "    @     0x7f01c2a0a47d  hl_start()\n    @     0x7f01c2985e7e  paddle::initMain()\n")
    assert (start.oom, start.framework, start.case) == (True, "paddle", "limit-or-other-process")
    step = explain(check.format(line=281) + "    @     0x7f01c2a09b21  hl_malloc_device()\n"
                   "    @     0x7f01c29a7c10  paddle::GpuAllocator::alloc()\n"
                   "    @     0x7f01c29a81d3  paddle::TrainerThread::forward()\n")
    assert (step.framework, step.case) == ("paddle", "activations-batch")


def test_pytorchs_message_quoted_in_lower_case():
    """A user who quotes PyTorch's error in lower case ("tried to allocate 2.00 gib (gpu 1; 23.69 gib total capacity;
    ...; 21.30 gib reserved in total by pytorch)"), or retypes its "PyTorch" as "Pytorch", still gives its figures;
    words that are not PyTorch's ("21.12 gib allocated") give none."""
    from oomdoctor.explain import explain

    old = explain('my run stops with "runtimeerror: cuda out of memory. tried to allocate 2.00 gib (gpu 1; 23.69 gib '
                  'total capacity; 20.91 gib already allocated; 1.19 gib free; 21.30 gib reserved in total by pytorch)"')
    assert (old.requested_bytes, old.total_bytes, old.allocated_bytes, old.free_bytes, old.reserved_bytes,
            old.gpu_index) == (2 << 30, int(23.69 * 2**30), int(20.91 * 2**30), int(1.19 * 2**30),
                               int(21.30 * 2**30), 1)
    new = explain("torch.outofmemoryerror: cuda out of memory. tried to allocate 512.00 mib. gpu 2 has a total "
                  "capacity of 11.76 gib of which 301.44 mib is free. including non-pytorch memory, this process has "
                  "11.45 gib memory in use. of the allocated memory 10.86 gib is allocated by pytorch, and 356.21 mib "
                  "is reserved by pytorch but unallocated.")
    assert (new.total_bytes, new.free_bytes, new.in_use_bytes, new.allocated_bytes, new.gpu_index) == (
        int(11.76 * 2**30), int(301.44 * 2**20), int(11.45 * 2**30), int(10.86 * 2**30), 2)
    assert new.reserved_bytes == int(10.86 * 2**30) + int(356.21 * 2**20)
    typed = explain("CUDA out of memory. Tried to allocate 20.00 MiB (GPU 0; 3.82 GiB total capacity; 2.71 GiB "
                    "already allocated; 12.44 MiB free; 2.80 GiB reserved in total by Pytorch)")
    assert typed.reserved_bytes == int(2.80 * 2**30)
    prose = explain("cuda out of memory. tried to allocate 30.00 mib (gpu 0; the card has 8 gib, 7.04 gib allocated)")
    assert prose.requested_bytes == 30 << 20 and prose.allocated_bytes is None and prose.total_bytes is None


def test_pytorchs_message_retyped_with_its_total_run_together():
    """A retyped PyTorch 1.x message loses spaces ("5.80GiB totalcapacity;4.90GiB already allocated"): its total
    still reads; a figure of other words ("5.80 GiB total memory") is no total capacity."""
    from oomdoctor.explain import explain

    typed = explain("got `CUDA out of memory. Tried to allocate 126.00MiB(GPU 0; 5.80GiB totalcapacity;4.90GiB already "
                    "allocated; 19.40MiB free;5.02 GiB reserved in total by PyTorch)` when training")
    assert (typed.total_bytes, typed.allocated_bytes, typed.free_bytes, typed.reserved_bytes) == (
        int(5.80 * 2**30), int(4.90 * 2**30), int(19.40 * 2**20), int(5.02 * 2**30))
    other = explain("CUDA out of memory. Tried to allocate 126.00 MiB (GPU 0; 5.80 GiB total memory; 4.90 GiB already "
                    "allocated; 19.40 MiB free)")
    assert other.total_bytes is None and other.allocated_bytes == int(4.90 * 2**30)


def test_ddps_reducer_made_where_the_paste_keeps_only_its_code_line():
    """DistributedDataParallel's constructor makes its Reducer, whose gradient buckets are as large as the model's
    parameters: a paste that keeps only the code line ("self.reducer = dist.Reducer(") failed wrapping the model, before
    any batch. The reducer in DDP's forward ("self.reducer.prepare_for_backward(") is a step's."""
    from oomdoctor.explain import explain

    error = ("RuntimeError: CUDA out of memory. Tried to allocate 1.02 GiB (GPU 3; 10.76 GiB total capacity; 9.12 GiB "
             "already allocated; 612.56 MiB free; 9.15 GiB reserved in total by PyTorch)\n")
    wrapped = explain("    self.reducer = dist.Reducer(\n" + error)
    assert wrapped.case == "weights-or-loading"
    step = explain('  File "/opt/conda/lib/python3.8/site-packages/torch/nn/parallel/distributed.py", line 692, in '
                   "forward\n    self.reducer.prepare_for_backward(list(_find_tensors(output)))\n" + error)
    assert step.case == "activations-batch"


def test_a_free_figure_that_wrapped_below_zero_is_no_amount():
    """ROCm on an APU can print a free count that went below zero and wrapped ("of which 17179869184.00 GiB is free",
    2**64 bytes): no machine has that much, so nothing is known to be free, and the step that asked is no other
    process's doing. An APU's free larger than its carve-out (the shared RAM counted too) is a real figure."""
    from oomdoctor.explain import explain

    message = ("torch.OutOfMemoryError: HIP out of memory. Tried to allocate 1.50 GiB. GPU 0 has a total capacity of "
               "2.00 GiB of which {free} is free. Of the allocated memory 1.21 GiB is allocated by PyTorch, and "
               "64.00 MiB is reserved by PyTorch but unallocated.")
    wrapped = explain(message.format(free="17179869184.00 GiB"))
    assert wrapped.free_bytes is None and wrapped.case == "activations-batch"
    shared = explain(message.format(free="27.31 GiB"))
    assert shared.free_bytes == int(27.31 * 2**30)
    old = explain("RuntimeError: HIP out of memory. Tried to allocate 96.00 MiB (GPU 0; 1.00 GiB total capacity; "
                  "804.11 MiB already allocated; 17179869183.94 GiB free; 830.00 MiB reserved in total by PyTorch)")
    assert old.free_bytes is None and old.case == "activations-batch"
def test_theanos_device_allocator_names_the_request_and_what_the_driver_had():
    """Theano's CUDA back end raises MemoryError for a cudaMalloc that failed, its reason in parentheses (CNMeM's pool:
    CNMEM_STATUS_OUT_OF_MEMORY), and verbose prints the driver's free and total first: the GPU's, not RAM's. Another
    reason (an earlier kernel's error, reported at the next allocation) is no OOM."""
    from oomdoctor.explain import explain

    verbose = explain("Error allocating 1207959552 bytes of device memory (out of memory). new total bytes allocated: "
                      "2831155200. Driver report 1034027008 bytes free and 4294770688 bytes total \n"
                      "Traceback (most recent call last):\n  File \"train.py\", line 88, in <module>\n"
                      "    cost = train_fn(x_batch, y_batch)\n"
                      "MemoryError: Error allocating 1207959552 bytes of device memory (out of memory).\n"
                      "Apply node that caused the error: GpuDot22(GpuReshape{2}.0, W)\n")
    assert (verbose.oom, verbose.framework, verbose.memory) == (True, "theano", "gpu")
    assert (verbose.requested_bytes, verbose.free_bytes, verbose.total_bytes) == (1207959552, 1034027008, 4294770688)
    assert verbose.case == "activations-batch"
    pool = explain("  File \"/usr/lib/python2.7/site-packages/theano/compile/function_module.py\", line 871, in __call__\n"
                   "MemoryError: Error allocating 9437184 bytes of device memory (CNMEM_STATUS_OUT_OF_MEMORY).\n")
    assert (pool.oom, pool.framework, pool.memory, pool.requested_bytes) == (True, "theano", "gpu", 9437184)
    old = explain("MemoryError: error allocating 640000000 bytes of device memory (out of memory)\n")
    assert (old.oom, old.memory, old.requested_bytes) == (True, "gpu", 640000000)
    sticky = explain("MemoryError: Error allocating 4 bytes of device memory (unspecified launch failure).\n")
    assert sticky.oom is False


def test_cntks_failed_cuda_call_of_error_2_and_onnx_runtimes_copy_of_it():
    """CNTK's CudaCall throws "CUDA failure 2: out of memory ; GPU=N ; hostname=... ; expr=<the call>": the GPU's, on
    device N; ONNX Runtime's providers print the same format (a log that names it is its), where a pinned host block
    (cudaMallocHost) is RAM. Another code of the same format (77, an illegal memory access) is no OOM."""
    from oomdoctor.explain import explain

    cntk = explain("About to throw exception 'CUDA failure 2: out of memory ; GPU=1 ; hostname=gpu-node-3 ; "
                   "expr=cudaMalloc((void**) &deviceBufferPtr, sizeof(AllocatedElemType) * AsMultipleOf(numElements, "
                   "2))'\n\n[CALL STACK]\n    > Microsoft::MSR::CNTK::TracingGPUMemoryAllocator::  AllocateNoTrace<float>"
                   "\n    - Microsoft::MSR::CNTK::GPUMatrix<float>::  Resize\n")
    assert (cntk.oom, cntk.framework, cntk.memory, cntk.gpu_index, cntk.case) == (True, "cntk", "gpu", 1,
                                                                                  "activations-batch")
    ort = explain("onnxruntime.capi.onnxruntime_pybind11_state.RuntimeException: [ONNXRuntimeError] : 6 : "
                  "RUNTIME_EXCEPTION : Non-zero status code returned while running Conv node. Name:'Conv_12' Status "
                  "Message: /onnxruntime_src/onnxruntime/core/providers/cuda/cuda_call.cc:121 onnxruntime::CudaCall "
                  "CUDA failure 2: out of memory ; GPU=0 ; hostname=worker ; file=/onnxruntime_src/onnxruntime/core/"
                  "providers/cuda/cuda_allocator.cc ; line=47 ; expr=cudaMalloc((void**)&p, size); \n")
    assert (ort.oom, ort.framework, ort.memory, ort.gpu_index) == (True, "onnxruntime", "gpu", 0)
    pinned = explain("[E:onnxruntime:, sequential_executor.cc:494] HIP failure 2: out of memory ; GPU=0 ; "
                     "hostname=node ; expr=hipHostMalloc((void**)&p, size); \n")
    assert (pinned.oom, pinned.framework, pinned.memory, pinned.case) == (True, "onnxruntime", "host", "host-memory")
    illegal = explain("RuntimeError: CUDA failure 700: an illegal memory access was encountered ; GPU=0 ; hostname=a ; "
                      "expr=cudaMemcpy(pArray, Data(), sizeof(ElemType) * m_numRows, cudaMemcpyDeviceToHost)\n")
    assert illegal.oom is False


def test_an_op_of_the_gradients_scope_inside_the_optimizers_is_the_backward_pass():
    """Keras 2 on TensorFlow 1.x calls tf.gradients from the optimizer's get_updates, so the backward pass's ops are named
    "training/RMSprop/gradients/...": a convolution's gradient at this batch, not the optimizer's update. An op of the
    optimizer's own scope (its slots, its update arithmetic) still is."""
    from oomdoctor.explain import explain

    backward = explain("ResourceExhaustedError: OOM when allocating tensor with shape[64,256,56,56] and type float on "
                       "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n"
                       "\t [[Node: training/RMSprop/gradients_1/conv2d_5/convolution_grad/Conv2DBackpropInput = "
                       "Conv2DBackpropInput[T=DT_FLOAT, data_format=\"NHWC\", padding=\"SAME\", strides=[1, 1, 1, 1], "
                       "_device=\"/job:localhost/replica:0/task:0/device:GPU:0\"](training/RMSprop/gradients_1/conv2d_5/"
                       "convolution_grad/ShapeN, conv2d_5/kernel/read)]]\n")
    assert backward.op.startswith("training/RMSprop/gradients_1/")
    assert backward.case == "activations-batch"
    update = explain("ResourceExhaustedError: OOM when allocating tensor with shape[4096,4096] and type float on "
                     "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n"
                     "\t [[Node: training/RMSprop/mul_5 = Mul[T=DT_FLOAT, _device=\"/job:localhost/replica:0/task:0/"
                     "device:GPU:0\"](RMSprop/rho/read, training/RMSprop/Variable_4/read)]]\n")
    assert update.case == "optimizer-update"


def test_a_paste_that_ends_inside_the_nodes_name_still_names_its_scopes():
    """TensorFlow 1.x's "[[Node: name = Op[...](inputs)]]" cut by the paste inside the name: the name as far as it goes
    gives its scopes (a gradient under the optimizer's scope is the backward pass). A name cut where the log goes on is
    not taken for one."""
    from oomdoctor.explain import explain

    cut = explain("ResourceExhaustedError (see above for traceback): OOM when allocating tensor with shape[16,512,64,64]\n"
                  "\t [[Node: training/Nadam/gradients/conv2d_7/convolution_grad/Conv2DBack\n")
    assert cut.op == "training/Nadam/gradients/conv2d_7/convolution_grad/Conv2DBack"
    assert cut.case == "activations-batch"
    goes_on = explain("ResourceExhaustedError (see above for traceback): OOM when allocating tensor with shape"
                      "[16,512,64,64]\n\t [[Node: training/Nadam/gradients/conv2d_7/convolution_grad/Conv2DBack\n"
                      "Hint: If you want to see a list of allocated tensors when OOM happens, add "
                      "report_tensor_allocations_upon_oom to RunOptions for current allocation info.\n")
    assert goes_on.op is None


def test_slurms_oom_kill_events_and_sruns_out_of_memory_are_the_jobs_ram():
    """Slurm's step daemon reports the kernel's OOM kills in the job's memory cgroup, and srun a task that ended for
    memory: RAM, the framework the log names (else slurm's), with Slurm's own fix. Its warnings that a step touched its
    limit killed nothing."""
    from oomdoctor.explain import explain

    tf = explain("2023-05-10 12:03:17.602818: I tensorflow/core/platform/cpu_feature_guard.cc:193] This TensorFlow binary "
                 "is optimized with oneAPI Deep Neural Network Library (oneDNN)\n/cm/local/apps/slurm/var/spool/"
                 "job22207649/slurm_script: line 22: 443552 Killed                  python main.py LCO_test.ini\n"
                 "slurmstepd: error: Detected 3 oom-kill event(s) in StepId=22207649.batch. Some of your processes may "
                 "have been killed by the cgroup out-of-memory handler.\n")
    assert (tf.oom, tf.framework, tf.memory, tf.case) == (True, "tensorflow", "host", "host-memory")
    assert any("--mem" in fix for fix in tf.fixes)
    srun = explain("srun: error: cn0412: tasks 0-3: Out Of Memory\nsrun: launch/slurm: _step_signal: Terminating "
                   "StepId=8812.0\n")
    assert (srun.oom, srun.framework, srun.memory, srun.case) == (True, "slurm", "host", "host-memory")
    for warning in ("slurmstepd: error: Exceeded step memory limit at some point.\n",
                    "slurmstepd: info: StepId=8812.0 hit memory limit at least once during execution. This may or may "
                    "not result in some failure.\n"):
        assert explain(warning).oom is False


def test_a_python_interpreter_killed_for_memory_is_a_python_programs():
    """The OOM killer names the process it ended (its comm), and the shell the job it reports killed with its command:
    a Python interpreter, in a log that names no framework, is a Python program's (as Python's MemoryError is); a log
    that names one is that framework's, and another program's process names none."""
    from oomdoctor.explain import explain

    kernel = explain("[ 9120.331201] oom-kill:constraint=CONSTRAINT_MEMCG,nodemask=(null),cpuset=docker-1a2b.scope,"
                     "mems_allowed=0-1,oom_memcg=/docker/1a2b,task_memcg=/docker/1a2b,task=python3.10,pid=4411,uid=0\n"
                     "[ 9120.331262] Memory cgroup out of memory: Killed process 4411 (python3.10) total-vm:41223812kB, "
                     "anon-rss:15724012kB, file-rss:61208kB, shmem-rss:0kB, UID:0 pgtables:31244kB oom_score_adj:0\n")
    assert (kernel.oom, kernel.framework, kernel.memory, kernel.case) == (True, "python", "host", "host-memory")
    old = explain("Out of memory: Kill process 1234 (python) score 900 or sacrifice child\n"
                  "Killed process 1234 (python) total-vm:9000000kB, anon-rss:7000000kB, file-rss:0kB\n")
    assert old.framework == "python"
    shell = explain("Epoch 3/50\n 812/1563 [=============>................] - ETA: 41s - loss: 0.7321\n"
                    "[1]+  Killed                  python3.8 fit_embeddings.py --dim 300\n")
    assert (shell.oom, shell.framework) == (True, "python")
    named = explain("import torch\nKilled process 77 (python3) total-vm:2000000kB, anon-rss:1900000kB\n")
    assert named.framework == "torch"
    java = explain("Out of memory: Killed process 2290 (java) total-vm:12000000kB, anon-rss:8000000kB, file-rss:0kB\n")
    assert (java.oom, java.framework) == (True, None)


def test_libgpuarrays_exception_with_the_drivers_words_is_theanos():
    """Theano's new back end (libgpuarray, through pygpu) raises the CUDA driver's error in its own exception: Theano's
    GPU, not TensorFlow's StreamExecutor, whose words it shares."""
    from oomdoctor.explain import explain

    result = explain('  File "/opt/conda/lib/python3.6/site-packages/theano/compile/function_module.py", line 903, in '
                     "__call__\n    self.fn() if output_subset is None else\\\n  File \"pygpu/gpuarray.pyx\", line 693, "
                     "in pygpu.gpuarray.pygpu_empty\n  File \"pygpu/gpuarray.pyx\", line 301, in "
                     "pygpu.gpuarray.array_empty\npygpu.gpuarray.GpuArrayException: b'cuMemAlloc: "
                     "CUDA_ERROR_OUT_OF_MEMORY: out of memory'\nApply node that caused the error: GpuAlloc<None>"
                     "{memset_0=True}(GpuArrayConstant{0.0}, Shape_i{0}.0, Constant{512})\n")
    assert (result.oom, result.framework, result.memory) == (True, "theano", "gpu")
    tf = explain("2019-03-01 10:00:00.000000: E tensorflow/stream_executor/cuda/cuda_driver.cc:806] failed to allocate "
                 "3.77G (4046333952 bytes) from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n")
    assert tf.framework == "tensorflow"


def test_slurms_accounting_that_kills_a_step_over_its_limit():
    """Slurm's accounting plugin, enforcing the limit itself, kills a step that passed it and says so: the job's RAM,
    as the cgroup's OOM kills are. Its line that the step merely touched the limit is no OOM."""
    from oomdoctor.explain import explain

    for line in ("slurmstepd: error: Job 4107 exceeded memory limit (4283348 > 4096000), being killed\n"
                 "slurmstepd: error: Exceeded job memory limit\nslurmstepd: error: *** JOB 4107 ON node17 CANCELLED AT "
                 "2016-02-11T10:22:03 ***\n",
                 "slurmstepd: error: StepId=88121.0 exceeded virtual memory limit (21474836480 > 17179869184), being "
                 "killed\n"):
        result = explain(line)
        assert (result.oom, result.framework, result.memory, result.case) == (True, "slurm", "host", "host-memory")
    assert explain("slurmstepd: error: Exceeded job memory limit at some point.\n").oom is False


def test_pytorch_1x_figures_without_their_request_are_its_oom_message():
    """A paste that keeps only PyTorch 1.x's figures of the device, from "(GPU N;" on ("Tried to allocate" cut off):
    the caching allocator prints them only in its out-of-memory message, so they are one, its figures read. The same
    words in a sentence of someone's own, without the "(GPU N; ... total capacity; ... already allocated" form, are
    not."""
    from oomdoctor.explain import explain

    result = explain("  File \"train.py\", line 88, in <module>\n"
                     "(GPU 2; 10.76 GiB total capacity; 1.02 GiB already allocated; 9.44 MiB free; 1.05 GiB cached)\n"
                     "why does it fail when the card is empty?\n")
    assert (result.oom, result.framework, result.memory, result.gpu_index) == (True, "torch", "gpu", 2)
    assert result.requested_bytes is None
    assert result.total_bytes == int(10.76 * 2**30) and result.free_bytes == int(9.44 * 2**20)
    assert result.allocated_bytes == int(1.02 * 2**30)
    assert result.reserved_bytes == int(1.02 * 2**30) + int(1.05 * 2**30)
    assert result.case == "limit-or-other-process"  # the cache holds 2 GiB of 10.76 GiB and 9 MiB are free
    prose = "My GPU 2 has 10.76 GiB total capacity; 1.02 GiB already allocated by the model, 9 GiB free.\n"
    assert explain(prose).oom is False


def test_cublas_handle_status_in_cublas_own_words():
    """cuBLAS 11.4+ words its statuses (cublasGetStatusString), and XLA's StreamExecutor prints them: "failed to create
    cublas handle: the resource allocation failed" is ALLOC_FAILED, "the library was not initialized" NOT_INITIALIZED,
    read as the statuses' names are (a pool that took the GPU at start left cuBLAS none). A status that is not about
    memory (an architecture the build lacks) is no OOM."""
    from oomdoctor.explain import explain

    for status in ("the resource allocation failed", "the library was not initialized"):
        result = explain("E0412 09:14:02.118204  40213 cuda_blas.cc:190] failed to create cublas handle: " + status +
                         "\nE0412 09:14:02.118260  40213 cuda_blas.cc:193] Failure to initialize cublas may be due to "
                         "OOM (cublas needs some free memory when you initialize it, and your deep-learning framework "
                         "may have preallocated more than its fair share), or may be because this binary was not "
                         "built with support for the GPU in your machine.\njaxlib.xla_extension.XlaRuntimeError: "
                         "INTERNAL: Failed to initialize BLAS support\n")
        assert (result.oom, result.framework, result.memory, result.case) == (True, "jax", "gpu", "preallocation")
    assert explain("2024-06-06 10:53:20.251154: E external/local_xla/xla/stream_executor/cuda/cuda_blas.cc:185] failed "
                   "to create cublas handle: an absent device architectural feature is required\n").oom is False


def test_pytorch_2x_message_cut_after_its_one_process_in_a_container():
    """PyTorch 2.x's message cut before its allocated and reserved figures, naming one process and no "this process
    has" sentence (NVML in a container sees other PIDs): when that process holds all the device uses, it is this one,
    whose own CUDA context would otherwise show beside it (in use, not another process's). One that holds only part of
    what is used stays another process."""
    from oomdoctor.explain import explain

    result = explain("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.20 GiB. GPU 0 has a total "
                     "capacity of 22.05 GiB of which 1.06 GiB is free. Process 87 has 20.98 GiB memory in use. Of the "
                     "allocated memory 19.")
    assert (result.in_use_bytes, result.other_process_bytes) == (int(20.98 * 2**30), None)
    assert result.case == "activations-batch"
    other = explain("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 2.20 GiB. GPU 0 has a total "
                    "capacity of 22.05 GiB of which 1.06 GiB is free. Process 87 has 12.50 GiB memory in use. Of the "
                    "allocated memory 8.")
    assert (other.in_use_bytes, other.other_process_bytes) == (None, int(12.50 * 2**30))


def test_scratch_request_over_its_own_cap_while_profiling_is_autotuning():
    """StreamExecutor's scratch allocator refuses a request over its own cap ("Allocating N bytes exceeds the memory
    limit of M bytes", 4 GiB of cuDNN workspace by default) before it asks the GPU: the request and that cap are read,
    and while an engine was being profiled it was the autotuner trying a candidate (compile-time), not a request larger
    than the device. The same refusal outside profiling (a cuFFT plan's workspace) is no autotuning."""
    from oomdoctor.explain import explain

    result = explain("2023-02-11 08:02:41.512210: W tensorflow/core/framework/op_kernel.cc:1830] OP_REQUIRES failed "
                     "at conv_ops_3d.cc:525 : NOT_FOUND: No algorithm worked!  Error messages:\n"
                     "  Profiling failure on cuDNN engine eng0{}: RESOURCE_EXHAUSTED: Allocating 6442451200 bytes "
                     "exceeds the memory limit of 4294967296 bytes.\n"
                     "tensorflow.python.framework.errors_impl.NotFoundError: Graph execution error:\n")
    assert (result.oom, result.framework, result.case) == (True, "tensorflow", "compile-time")
    assert (result.requested_bytes, result.limit_bytes) == (6442451200, 4294967296)
    assert any("TF_CUDNN_WORKSPACE_LIMIT_IN_MB" in fix for fix in result.fixes)
    fft = explain("jaxlib.xla_extension.XlaRuntimeError: RESOURCE_EXHAUSTED: failed to initialize batched cufft plan "
                  "with customized allocator: Allocating 8000000160 bytes exceeds the memory limit of 4294967296 "
                  "bytes.\n")
    assert (fft.oom, fft.requested_bytes, fft.limit_bytes) == (True, 8000000160, 4294967296)
    assert fft.case not in ("compile-time", "larger-than-device")


def test_arrayfire_no_mem_and_flashlights_figures():
    """ArrayFire's AF_ERR_NO_MEM, "ArrayFire Exception (Device out of memory:101)", is a device allocation that failed;
    flashlight's caching manager says before it what it held: its "Allocated" is all it took from the device (as
    PyTorch's reserved), "Cached" the free pieces of it, so its arrays held the difference. A plain ArrayFire program
    names the library itself. ArrayFire's other errors, and a line of someone's own with the same first words, are no
    OOM."""
    from oomdoctor.explain import explain

    result = explain("I1102 11:20:05.418112 77120 Train.cpp:688] Epoch 3 started!\n"
                     "Failed to allocate memory of size 1.25 GiB (Device: 1, Capacity: 31.74 GiB, Allocated: "
                     "29.50 GiB, Cached: 2.10 GiB) with error 'ArrayFire Exception (Device out of memory:101):\n"
                     "In function fl::MemoryManagerInstaller::MemoryManagerInstaller(std::shared_ptr<fl::"
                     "MemoryManagerAdapter>)::<lambda(size_t)>\nIn file /opt/flashlight/flashlight/memory/"
                     "MemoryManagerInstaller.cpp:165'\n"
                     "terminate called after throwing an instance of 'af::exception'\n")
    assert (result.oom, result.framework, result.memory, result.gpu_index) == (True, "flashlight", "gpu", 1)
    assert (result.requested_bytes, result.total_bytes) == (int(1.25 * 2**30), int(31.74 * 2**30))
    reserved = int(29.50 * 2**30)
    assert (result.reserved_bytes, result.allocated_bytes) == (reserved, reserved - int(2.10 * 2**30))
    plain = explain("Traceback (most recent call last):\n  File \"bench.py\", line 9, in <module>\n"
                    "    b = af.randu(40000, 40000)\n"
                    "arrayfire.library.ArrayFireError: ArrayFire Exception (Device out of memory:101):\n"
                    "In function af_err af_randu(af_array *, const unsigned int, const dim_t *, const af_dtype)\n")
    assert (plain.oom, plain.framework, plain.memory) == (True, "arrayfire", "gpu")
    assert explain("arrayfire.library.ArrayFireError: ArrayFire Exception (Invalid input size:203):\n").oom is False
    assert explain("Failed to allocate memory of size 1.25 GiB (Device: 1, Capacity: 31.74 GiB, Allocated: 29.50 GiB, "
                   "Cached: 2.10 GiB) is what my own pool prints\n").oom is False


def test_nccl_warn_prefix_names_the_device_before_a_long_file_path():
    """NCCL's prefix "host:pid:tid [device] file:line NCCL WARN" names the failing device however long the file's path
    is (a conda or bazel build's); a bracketed number on an earlier line is not it."""
    from oomdoctor.explain import explain

    result = explain("worker-3:4012:4090 [2] /opt/conda/conda-bld/nccl_1611234567890/work/build/include/../../src/"
                     "include/alloc.h:48 NCCL WARN Cuda failure 'out of memory'\n")
    assert (result.oom, result.framework, result.gpu_index, result.case) == (True, "nccl", 2, "nccl-buffers")
    other = explain("Epoch [5] step 900\nworker-3:4012:4090 /opt/conda/conda-bld/nccl_1611234567890/work/src/include/"
                    "alloc.h:48 NCCL WARN Cuda failure 'out of memory'\n")
    assert other.gpu_index is None


def test_pytorch_2x_other_processes_are_every_process_line_even_one_the_size_of_this_one():
    """PyTorch 2.x prints "Process N has ..." for each process NVML lists on the device other than itself, and its
    own figure as "Including non-PyTorch memory, this process has ...": on a GPU shared by four ranks that hold alike,
    the three others hold three times what this one holds, not twice; they are the other ranks, on this GPU
    (which-gpu)."""
    from oomdoctor.explain import explain

    result = explain("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 512.00 MiB. GPU 2 has a total "
                     "capacity of 79.11 GiB of which 301.25 MiB is free. Process 4101 has 19.60 GiB memory in use. "
                     "Process 4102 has 19.60 GiB memory in use. Process 4103 has 19.60 GiB memory in use. Including "
                     "non-PyTorch memory, this process has 19.60 GiB memory in use. Of the allocated memory 18.90 GiB "
                     "is allocated by PyTorch, and 201.44 MiB is reserved by PyTorch but unallocated.")
    assert result.in_use_bytes == int(19.60 * 2**30)
    assert result.other_process_bytes == 3 * int(19.60 * 2**30)
    assert result.case == "which-gpu"


def test_mxnets_pool_line_read_across_a_pastes_line_break_and_in_its_old_words():
    """MXNet's pool line is its own however the paste wrapped it ("cudaMalloc fa\\niled: out of memory" in a dmlc::Error
    that terminate() printed), and 0.x's pool said only "Memory allocation failed" when its retry failed too; the same
    words of another file, or another CUDA error from the pool, ran out of nothing."""
    from oomdoctor.explain import explain

    wrapped = explain("terminate called after throwing an instance of 'dmlc::Error'\n  what():  [03:12:09] src/engine/"
                      "./threaded_engine.h:370: [03:12:09] src/storage/./pooled_storage_manager.h:84: cudaMalloc fa\n"
                      "iled: out of memory\n")
    assert (wrapped.oom, wrapped.framework, wrapped.memory) == (True, "mxnet", "gpu")
    old = explain("[08:41:02] /opt/mxnet/dmlc-core/include/dmlc/logging.h:235: [08:41:02] src/storage/pooled_storage_"
                  "manager.h:58: Memory allocation failed\nTraceback (most recent call last):\n  File \"fit.py\", "
                  "line 12, in <module>\n    mod.bind(data_shapes=train.provide_data)\n")
    assert (old.oom, old.framework, old.memory, old.case) == (True, "mxnet", "gpu", "activations-batch")
    assert explain("[08:41:02] src/io/image_io.cc:88: Memory allocation failed\nimport mxnet\n").oom is False
    assert explain("[08:41:02] src/storage/./pooled_storage_manager.h:84: cudaMalloc failed: invalid device "
                   "ordinal\nmxnet.base.MXNetError\n").oom is False


def test_tensorrt_builder_and_runtime_out_of_memory_in_its_own_words():
    """TensorRT's errors for memory: 8.x+'s "[file.cpp::function::line] Error Code 2: OutOfMemory" (10.x with the size
    it asked for), 7.x's "file.cpp (line) - Cuda Error in ...allocate: 2 (out of memory)" and its builder's "Out of
    memory error during getBestTactic" after "Requested amount of memory (N bytes)". In the builder's tactic search it is
    compile-time; at run time under ONNX Runtime's TensorRT provider, ONNX Runtime's; another CUDA error, or the
    8.x warning for a tactic it skipped (its Error Code 2 too, where "Skipping tactic" follows and the build goes on),
    ran out of nothing."""
    from oomdoctor.explain import explain

    build = explain("[12/01/2024-10:02:11] [TRT] [I] Building engine for profile 0\n"
                    "[12/01/2024-10:04:52] [TRT] [E] 2: [virtualMemoryBuffer.cpp::nvinfer1::StdVirtualMemoryBufferImpl::"
                    "resizePhysical::154] Error Code 2: OutOfMemory (Requested size was 3356491776 bytes.)\n"
                    "[12/01/2024-10:04:52] [TRT] [E] 2: [builder.cpp::buildSerializedNetwork::751] Error Code 2: "
                    "Internal Error (Assertion engine != nullptr failed. )\n")
    assert (build.oom, build.framework, build.memory, build.case) == (True, "tensorrt", "gpu", "compile-time")
    assert build.requested_bytes == 3356491776
    old = explain("[TensorRT] ERROR: Requested amount of GPU memory (268435456 bytes) could not be allocated. There may "
                  "not be enough free memory for allocation to succeed.\n[TensorRT] ERROR: ../rtSafe/WeightsPtr.cpp (97)"
                  " - OutOfMemory Error in allocate: 0\n[TensorRT] ERROR: Out of memory error during getBestTactic: "
                  "[CONVOLUTION #3] conv2d(...)\n")
    assert (old.oom, old.framework, old.requested_bytes, old.case) == (True, "tensorrt", 268435456, "compile-time")
    runtime = explain("2023-05-02 08:11:40.118 E:onnxruntime:Default, tensorrt_execution_provider.h:58 log] "
                      "[2023-05-02 08:11:40 ERROR] C:\\source\\rtSafe\\safeRuntime.cpp (32) - Cuda Error in "
                      "nvinfer1::internal::DefaultAllocator::allocate: 2 (out of memory)\n")
    assert (runtime.oom, runtime.framework, runtime.memory, runtime.case) == (
        True, "onnxruntime", "gpu", "activations-batch")
    assert explain("[TRT] [E] 1: [defaultAllocator.cpp::allocate::20] Error Code 1: Cuda Runtime (invalid argument)\n"
                   ).oom is False
    assert explain("WARNING: [TRT]: Requested amount of GPU memory (4294967296 bytes) could not be allocated. There may "
                   "not be enough free memory for allocation to succeed.\nWARNING: [TRT]: Skipping tactic 1 due to "
                   "insufficient memory on requested size of 4294967296 detected for tactic 0x0000000000000004.\n"
                   ).oom is False
    skipped = ("[03/14/2023-09:10:02] [TRT] [E] 2: [virtualMemoryBuffer.cpp::resizePhysical::145] Error Code 2: "
               "OutOfMemory (no further information)\n[03/14/2023-09:10:02] [TRT] [W] Requested amount of GPU memory "
               "(8589934592 bytes) could not be allocated. There may not be enough free memory for allocation to "
               "succeed.\n[03/14/2023-09:10:02] [TRT] [W] Skipping tactic 2 due to insufficient memory on requested "
               "size of 8589934592 detected for tactic 0x0000000000000007.\n")
    assert explain(skipped + "[03/14/2023-09:12:40] [TRT] [I] Engine built in 160.2 seconds.\n").oom is False
    failed = explain(skipped + "[03/14/2023-09:12:40] [TRT] [E] 10: [optimizer.cpp::computeCosts::3728] Error Code 10: "
                     "Internal Error (Could not find any implementation for node /conv1/Conv.)\n")
    assert (failed.oom, failed.case) == (True, "compile-time")


def test_paddles_host_allocator_is_ram_not_tensorflows_resource_exhausted():
    """PaddlePaddle's host allocators raise its own ResourceExhaustedError, "Fail to alloc memory of N size, error code
    is 12." (posix_memalign's ENOMEM): RAM that ran out, in Paddle, not TensorFlow's GPU; another allocator's "fail to
    alloc memory of" a named object states no size of Paddle's."""
    from oomdoctor.explain import explain

    result = explain("Traceback (most recent call last):\n  File \"tools/infer/predict_det.py\", line 201, in __call__\n"
                     "    self.predictor.run()\nResourceExhaustedError: Fail to alloc memory of 12884901888 size, error "
                     "code is 12.\n  [Hint: Expected error == 0, but received error:12 != 0:0.] (at /paddle/paddle/"
                     "fluid/memory/allocation/cpu_allocator.cc:50)\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "paddle", "host", "host-memory")
    assert result.requested_bytes == 12884901888
    assert explain("[2024-01-05 10:00:01] WARN fail to alloc memory of ObKmeansBuildTask(ret=-4013)\n").oom is False


def test_a_container_status_that_states_another_reason_for_exit_137_is_not_memory():
    """kubectl describe states why a container ended just before its exit code: 137 (SIGKILL) under "Reason: Error"
    (a failed liveness probe, a kill) is not the OOM killer, which Kubernetes names OOMKilled; a bare "exit code 137"
    with no reason stated is still read as a SIGKILL."""
    from oomdoctor.explain import explain

    status = ("    Last State: Terminated\n      Reason: {reason}\n      Exit Code: 137\n"
              "      Started:      Tue, 02 Jan 2024 10:11:12 +0000\n      Finished:     Tue, 02 Jan 2024 10:19:40 +0000\n"
              "    Restart Count:  3\n  Warning  Unhealthy  kubelet  Liveness probe failed: HTTP probe failed\n")
    assert explain(status.format(reason="Error")).oom is False
    killed = explain(status.format(reason="OOMKilled"))
    assert (killed.oom, killed.memory, killed.case) == (True, "host", "host-memory")
    assert explain("worker exited with code 137\n").oom is True


def test_fairseqs_skipping_batch_warning_names_the_failing_gpu():
    """fairseq 0.x's multi-GPU trainer names the device whose replica ran out ("ran out of memory on GPU #1, skipping
    batch"), which the CUDA error before it does not; a GPU listed elsewhere ("GPU #0: Tesla V100") is not the one."""
    from oomdoctor.explain import explain

    result = explain("| using 4 GPUs (with max tokens per GPU = 3500)\nTHCudaCheck FAIL file=/pytorch/aten/src/THC/"
                     "THCCachingAllocator.cpp line=510 error=2 : out of memory\n| WARNING: ran out of memory on GPU #1, "
                     "skipping batch\n| epoch 002 | loss 5.901 | ppl 59.74\n")
    assert (result.oom, result.framework, result.gpu_index) == (True, "torch", 1)
    listed = explain("GPU #0: Tesla V100\nGPU #3: Tesla V100\nTHCudaCheck FAIL file=/pytorch/aten/src/THC/"
                     "THCCachingAllocator.cpp line=510 error=2 : out of memory\n")
    assert listed.gpu_index is None


def test_cudnn_handle_usage_line_cut_after_its_total_still_says_the_gpu_was_free():
    """cuDNN's "Memory usage: N bytes free, M bytes total" after a handle it could not create, cut by the paste after
    the total ("... 12884901888 b"), still says the GPU was mostly free: not memory; cut inside the total, it says
    nothing and the status reads as before."""
    from oomdoctor.explain import explain

    head = ("E0105 09:14:02.118002   311 cuda_dnn.cc:535] Could not create cudnn handle: CUDNN_STATUS_INTERNAL_ERROR\n"
            "E0105 09:14:02.118090   311 cuda_dnn.cc:539] Memory usage: 11811160064 bytes free, ")
    assert explain(head + "12884901888 b").oom is False
    assert explain(head + "1288").oom is True


def test_xlas_peak_buffer_list_cut_before_its_header_is_still_its_oom_dump():
    """XLA prints its list of peak buffers (each "Buffer N: / Size: / Operator: ... / XLA Label: ... / Shape: ..." closed
    by a rule of "=") only for a program that found no room: a paste that keeps only its last entries and the
    notebook's XlaRuntimeError header is that failure; a rule under other words is not."""
    from oomdoctor.explain import explain

    result = explain("    Buffer 7:\n        Size: 1.50GiB\n        Operator: op_name=\"jit(train_step)/jit(main)/dot_general\""
                     "\n        XLA Label: fusion\n        Shape: bf16[64,4096,3072]\n        ==========================\n\n"
                     "---------------------------------------------------------------------------\nXlaRuntimeError"
                     "                           Traceback (most recent call last)\nCell In[7], line 3\n"
                     "----> 3 state, loss = train_step(state, batch)\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "jax", "gpu", "activations-batch")
    assert explain("import jax\nBuffer 3: ready\n==========================\nXlaRuntimeError: INVALID_ARGUMENT: "
                   "shapes do not match\n").oom is False


def test_windows_commit_limit_by_its_code_in_any_language():
    """ERROR_COMMITMENT_LIMIT is 1455 whatever language Windows prints it in."""
    from oomdoctor.explain import explain

    said = explain('OSError: [WinError 1455] 页面文件太小，无法完成操作。 Error loading "D:\\\\Anaconda3\\\\lib\\\\'
                   'site-packages\\\\torch\\\\lib\\\\cudnn_cnn_infer64_8.dll" or one of its dependencies.\n')
    assert (said.oom, said.memory, said.case) == (True, "host", "host-memory")
    assert "paging file" in said.diagnosis[0]


def test_miopen_finding_no_room_for_its_buffer_beside_tensorflows_pool():
    """MIOpen (ROCm's cuDNN) allocates its convolution buffer beside TensorFlow's pool, which took the GPU."""
    from oomdoctor.explain import explain

    said = explain("MIOpen Error: /data/repo/MIOpen/src/hip/handlehip.cpp:70: Memory not available to allocate "
                   "buffer: 655360000\n2018-07-17 09:05:55.622826: F tensorflow/stream_executor/rocm/rocm_dnn.cc:1603]"
                   " Check failed: status == miopenStatusSuccess (7 vs. 0)Unable to find a suitable algorithm for "
                   "doing forward convolution\n")
    assert (said.oom, said.framework, said.memory, said.requested_bytes, said.case) == (
        True, "tensorflow", "gpu", 655360000, "preallocation")


def test_a_random_normal_initializer_is_the_weights():
    """TensorFlow's op for a RandomNormal initializer, RandomStandardNormal, makes a kernel: not a training step."""
    from oomdoctor.explain import explain

    said = explain("ResourceExhaustedError: OOM when allocating tensor with shape[3,3,256,256] and type float on "
                   "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc [Op:RandomStandardNormal]\n")
    assert said.case == "weights-or-loading"


def test_enomem_under_a_ray_process_tag_or_pytest_is_host_memory():
    """Ray tags each line with its process, pytest with "E   ": Python's ENOMEM all the same."""
    from oomdoctor.explain import explain

    for prefix in ("(skyrl_entrypoint pid=819281, ip=172.25.105.154) ", "E       "):
        said = explain(prefix + "OSError: [Errno 12] Cannot allocate memory\n")
        assert (said.oom, said.memory, said.case) == (True, "host", "host-memory")


def test_a_message_pytest_cut_short_is_read_from_its_whole_copy_above():
    """pytest's short summary cuts the message at the terminal's width; the same message above holds the figures,
    and a driver's in-use count larger than the device (2^64 under WSL) is said to be wrong, not used."""
    from oomdoctor.explain import explain

    whole = ("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 31.31 GiB. GPU 0 has a total capacity of "
             "10.00 GiB of which 8.84 GiB is free. Including non-PyTorch memory, this process has 17179869184.00 GiB "
             "memory in use. Of the allocated memory 0 bytes is allocated by PyTorch, and 0 bytes is reserved by "
             "PyTorch but unallocated.")
    log = ("E       " + whole + "\n\ntest/test_cross_entropy.py:374: OutOfMemoryError\n"
           "FAILED test/test_cross_entropy.py::test_large - torch.OutOfMemoryError: CUDA out of memory. Tried to "
           "allocate 31.31 GiB. GPU 0 has a total capacity of 10...\n")
    said = explain(log)
    assert (said.total_bytes, said.case) == (10 * 2**30, "larger-than-device")
    assert any("driver got wrong" in line for line in said.diagnosis)


def test_bash_reporting_a_jobs_sigkill_mid_log():
    """bash's "line N:  PID Killed  command" names the job SIGKILL ended, wherever a CI log prints it."""
    from oomdoctor.explain import explain

    said = explain("test_index_select_dim0 (__main__.SparseOpsTest) ... /home/runner/work/_temp/6cff0d6d.sh: line 3:  "
                   "3384 Killed                  python sparse_ops_test.py -v\nError: Process completed with exit "
                   "code 137.\n\nThis PR splits the test in two.\n")
    assert (said.oom, said.memory, said.case) == (True, "host", "host-memory")


def test_a_request_wrapped_onto_the_next_line_is_read():
    from oomdoctor.explain import explain

    said = explain("| `false` | **OOM at step 2** — `OutOfMemoryError: Tried to allocate\n18.91 GiB ... 3.74 GiB free "
                   "... 19.68 GiB reserved by PyTorch but\nunallocated` |\n")
    assert (said.oom, said.framework, said.requested_bytes) == (True, "torch", 20304457891)


def test_tritons_shared_memory_limit_is_no_out_of_memory():
    """Triton's "out of resource ... Required ... Hardware limit" is a kernel's shared memory per block."""
    from oomdoctor.explain import explain

    said = explain("[rank0]:No valid triton configs. OutOfMemoryError: out of resource: triton_flex_attention "
                   "Required: 361472 Hardware limit:232448 Reducing block sizes or `num_stages` may help..\n")
    assert (said.oom, said.case) == (False, "not-oom")
    assert "shared memory" in said.diagnosis[0] and "num_stages" in said.fixes[0]


def test_onnx_runtimes_arena_by_its_function_name():
    """BFCArena::AllocateRawInternal is ONNX Runtime's arena (TensorFlow's is BFCAllocator), named or not."""
    from oomdoctor.explain import explain

    said = explain("```text\nBFCArena::AllocateRawInternal\nFailed to allocate memory for requested buffer of size "
                   "2443129088\n```\n")
    assert (said.oom, said.framework, said.requested_bytes) == (True, "onnxruntime", 2443129088)


def test_torch_directmls_message_gives_the_request():
    """torch-directml's "Could not allocate tensor with N bytes. There is not enough GPU video memory available!" (the
    Stable Diffusion web UIs' AMD builds on Windows): the GPU's memory, the request its only figure."""
    from oomdoctor.explain import explain

    said = explain('  File "C:\\sd-webui-directml\\modules\\sd_hijack_optimizations.py", line 169, in einsum_op_slice_1\n'
                   "    r[:, i:end] = einsum_op_compvis(q[:, i:end], k, v)\nRuntimeError: Could not allocate tensor "
                   "with 4719616 bytes. There is not enough GPU video memory available!\n")
    assert (said.oom, said.framework, said.memory, said.requested_bytes) == (True, "torch", "gpu", 4719616)


def test_a_cuda_error_on_a_line_that_pins_memory_is_the_hosts():
    """CUDA's out of memory on a line that page-locks host memory (pin_memory=True, .pin_memory()) is the driver
    refusing to pin that much RAM, which WSL2 limits: host memory, with the pinned-memory advice. Without the pinning
    the same error is the GPU's."""
    from oomdoctor.explain import explain

    frame = ('Traceback (most recent call last):\n  File "/home/u/FlexGen/flexgen/pytorch_backend.py", line 881, in '
             'copy_worker_func\n')
    error = "RuntimeError: CUDA error: out of memory\nCUDA kernel errors might be asynchronously reported\n"
    said = explain(frame + "    cpu_buf = torch.empty((1 * GB,), dtype=torch.float16, pin_memory=True)\n" + error)
    assert (said.oom, said.framework, said.memory, said.case) == (True, "torch", "host", "host-memory")
    assert any("pinned (page-locked)" in fix for fix in said.fixes)
    gpu = explain(frame + "    cpu_buf = torch.empty((1 * GB,), dtype=torch.float16)\n" + error)
    assert (gpu.oom, gpu.memory) == (True, "gpu")


def test_early_llama_cpps_cuda_check_and_a_caught_bad_alloc():
    """llama.cpp's first CUDA builds said "CUDA error 2 at ggml-cuda.cu:359: out of memory"; a program that catches
    std::bad_alloc and says what failed ("Backend load failed: std::bad_alloc") ran out of RAM."""
    from oomdoctor.explain import explain

    said = explain("llama_model_load_internal: mem required  = 10583.25 MB (+ 1608.00 MB per state)\n"
                   "CUDA error 2 at ggml-cuda.cu:359: out of memory\n")
    assert (said.oom, said.framework) == (True, "llama.cpp")
    caught = explain("[LlamaCpp] Detected ROCm architecture: gfx1151\n[Router] Backend load failed: std::bad_alloc\n")
    assert (caught.oom, caught.memory, caught.case) == (True, "host", "host-memory")
    assert not explain("a test named failed: std::bad_alloc_handling passed\n").oom


def test_tensorrts_request_logged_after_its_runtime_error():
    """TensorRT 8.x logs the CUDA runtime's error first and "Requested amount of GPU memory (N bytes) could not be
    allocated" on the next line: that is the request."""
    from oomdoctor.explain import explain

    said = explain("[E] Error[1]: [defaultAllocator.cpp::allocate::31] Error Code 1: Cuda Runtime (out of memory)\n"
                   "[W] [TRT] Requested amount of GPU memory (15485030400 bytes) could not be allocated. There may "
                   "not be enough free memory for allocation to succeed.\n"
                   "[E] Error[9]: Skipping tactic 0x0000000000000000 due to exception [tunable_graph.cpp:create:117] "
                   "autotuning: User allocator error allocating 15485030400-byte buffer\n"
                   "[E] Error[10]: IBuilder::buildSerializedNetwork: Error Code 10: Internal Error (Could not find any "
                   "implementation for node {ForeignNode[/1/Constant_36_output_0.../1/Slice_4]}.)\n")
    assert (said.oom, said.requested_bytes, said.case) == (True, 15485030400, "compile-time")


def test_mpiruns_report_of_a_rank_killed_by_signal_9():
    """Open MPI's mpirun says which rank SIGKILL ended ("exited on signal 9 (Killed)"), mostly the kernel's OOM killer
    when eight ranks each load the data."""
    from oomdoctor.explain import explain

    said = explain("Epoch 1/1\nEpoch 1/1\n----\nmpirun noticed that process rank 7 with PID 0 on node HOSTNAME exited "
                   "on signal 9 (Killed).\n----\n")
    assert (said.oom, said.memory, said.case) == (True, "host", "host-memory")


def test_nccls_posix_fallocate_in_dev_shm():
    """NCCL 2.4-2.7's shared-memory transport: "Call to posix_fallocate failed : No space left on device" is /dev/shm
    too small for its segment (a container's 64 MiB), NCCL's own buffers in RAM."""
    from oomdoctor.explain import explain

    said = explain("gpu2:2143:2561 [1] NCCL INFO Ring 00 : 1[1b000] -> 2[3d000] via direct shared memory\n"
                   "gpu2:2143:2561 [1] include/shm.h:28 NCCL WARN Call to posix_fallocate failed : No space left on "
                   "device\ngpu2:2143:2561 [1] NCCL INFO include/shm.h:41 -> 2\n")
    assert (said.oom, said.memory, said.case) == (True, "host", "nccl-buffers")


def test_xlas_cudnn_handle_made_after_a_failed_allocation():
    """StreamExecutor's cuDNN plugin in XLA: "There was an error before creating cudnn handle (2):
    cudaErrorMemoryAllocation : out of memory" is JAX's (its path names XLA, not PyTorch), the pool's preallocation."""
    from oomdoctor.explain import explain

    said = explain("E external/xla/xla/stream_executor/cuda/cuda_dnn.cc:413] There was an error before creating cudnn "
                   "handle (2): cudaErrorMemoryAllocation : out of memory\n")
    assert (said.oom, said.framework, said.memory, said.case) == (True, "jax", "gpu", "preallocation")


def test_a_tensorflow_oom_line_cut_after_its_first_words_is_not_xlas():
    """"Resource exhausted: OOM whe" (a paste cut in 1.x's op_kernel line) is TensorFlow's words, as the complete
    line before it: the shape and type of that line are read, not taken over by XLA's reader."""
    from oomdoctor.explain import explain

    line = ("W T:\\src\\github\\tensorflow\\tensorflow\\core\\framework\\op_kernel.cc:1275] OP_REQUIRES failed at "
            "cwise_ops_common.cc:70 : Resource exhausted: ")
    said = explain(line + "OOM when allocating tensor with shape[36,676,512] and type float on "
                   "/job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n" + line + "OOM whe")
    assert (said.framework, said.shape, said.dtype) == ("tensorflow", [36, 676, 512], "float32")


def test_windows_ptx_note_and_the_pools_first_reservation_say_nothing_of_the_failure():
    """TensorFlow on Windows notes at its first convolution that its redzone checker cannot compile PTX (no
    autotuning ran out), and its pool's first reservation at start, refused and retried smaller, is not another
    process: the tensor that failed later is the step's."""
    from oomdoctor.explain import explain

    said = explain("I tensorflow/stream_executor/cuda/cuda_driver.cc:801] failed to allocate 7.81G (8387559424 bytes) "
                   "from device: CUDA_ERROR_OUT_OF_MEMORY: out of memory\n"
                   "W tensorflow/stream_executor/gpu/redzone_allocator.cc:312] Internal: Invoking GPU asm compilation "
                   "is supported on Cuda non-Windows platforms only\nRelying on driver to perform ptx compilation.\n"
                   "  (0) Resource exhausted:  OOM when allocating tensor with shape[40,122,242,128] and type float "
                   "on /job:localhost/replica:0/task:0/device:GPU:0 by allocator GPU_0_bfc\n"
                   "\t [[node model/up_sampling2d_2/resize/ResizeNearestNeighbor (defined at \\Anaconda3\\envs\\keras"
                   "\\lib\\threading.py:973) ]]\n")
    assert said.case == "activations-batch"


def test_a_cublas_handle_after_warnings_that_are_not_failures_is_the_pool_taking_the_gpu():
    """TensorFlow's "not a failure" warnings, then cuBLAS could not make its handle: the pool left it no room."""
    from oomdoctor.explain import explain

    said = explain("W tensorflow/core/common_runtime/bfc_allocator.cc:217] Ran out of memory trying to allocate "
                   "1.08GiB. The caller indicates that this is not a failure, but may mean that there could be "
                   "performance gains if more memory is available.\n"
                   "E tensorflow/stream_executor/cuda/cuda_blas.cc:372] failed to create cublas handle: "
                   "CUBLAS_STATUS_NOT_INITIALIZED\n")
    assert (said.oom, said.case) == (True, "preallocation")


def test_the_shells_killed_right_after_a_progress_bar():
    """A progress bar ends without a newline, so bash's "Killed" follows it on the same line."""
    from oomdoctor.explain import explain

    said = explain("Loading checkpoint shards:  38%|######8           | 3/8 [00:02<00:03,  1.28it/s]Killed\n")
    assert (said.oom, said.memory, said.case) == (True, "host", "host-memory")


def test_this_process_among_several_in_a_container_and_a_process_named_without_its_pid():
    """In a container NVML lists this process as "Process N" too: the only one holding what PyTorch reserved and at
    most a context and workspaces more is this one, the others are other programs. A paste whose author removed the
    PID ("Process has 22.29 GiB memory in use") still names what the process holds."""
    from oomdoctor.explain import explain

    said = explain("torch.OutOfMemoryError: CUDA out of memory. Tried to allocate 148.00 MiB. GPU 0 has a total "
                   "capacity of 31.60 GiB of which 87.44 MiB is free. Process 441650 has 30.51 GiB memory in use. "
                   "Process 449657 has 1022.00 MiB memory in use. Of the allocated memory 594.01 MiB is allocated by "
                   "PyTorch, and 5.99 MiB is reserved by PyTorch but unallocated.\n")
    assert (said.in_use_bytes, said.case) == (1022 * 2**20, "limit-or-other-process")
    assert round(said.other_process_bytes / 2**30, 2) == 30.51
    cut = explain("torch.OutOfMemoryError: CUDA out of memory.\nTried to allocate 1.36 GiB.\nGPU 0 has a total capacity "
                  "of 23.65 GiB of which 1.36 GiB is free.\nProcess has 22.29 GiB memory in use.\nOf the allocated "
                  "memory 21.73 GiB is allocated by PyTorch.\n")
    assert round(cut.in_use_bytes / 2**30, 2) == 22.29 and cut.other_process_bytes is None


def test_an_npus_index_in_torch_npus_message():
    """torch_npu (Ascend) words PyTorch's message with NPU where CUDA's says GPU: "(NPU 0; 60.97 GiB total capacity;"."""
    from oomdoctor.explain import explain

    said = explain("RuntimeError: NPU out of memory. Tried to allocate 22.00 MiB (NPU 3; 60.97 GiB total capacity; "
                   "10.24 GiB already allocated; 10.24 GiB current active; 19.52 MiB free; 10.65 GiB reserved in "
                   "total by PyTorch)\n")
    assert (said.oom, said.gpu_index, said.requested_bytes) == (True, 3, 22 * 2**20)


def test_comfyuis_line_with_the_exceptions_text_alone_is_pytorchs_oom():
    """ComfyUI logs an exception by its text, without its class: "!!! Exception during processing !!! Allocation on
    device" is torch.OutOfMemoryError's message, the GPU's, whatever the traceback after it is cut to."""
    from oomdoctor.explain import explain

    result = explain("got prompt\nRequested to load SDXL\n  0%|          | 0/20 [00:01<?, ?it/s]\n"
                     "2025-03-02 09:14:11,002 - root - ERROR - !!! Exception during processing !!! Allocation on device \n"
                     "2025-03-02 09:14:11,004 - root - ERROR - Traceback (most recent call last):\n"
                     '  File "/opt/ComfyUI/execution.py", line 327, in execute\n')
    assert (result.oom, result.framework, result.memory) == (True, "torch", "gpu")
    other = explain("!!! Exception during processing !!! Given groups=1, weight of size [320, 4, 3, 3], expected input "
                    "to have 4 channels, but got 16 channels instead\n")
    assert other.oom is False


def test_cudarcs_driver_error_is_candles_and_mistral_rs_gets_its_kv_cache_advice():
    """Rust's cudarc (candle's CUDA binding) wraps the driver's code in its own error type: candle's GPU, not
    TensorFlow's StreamExecutor, which prints the same code; served by mistral.rs, whose KV cache takes most of it."""
    from oomdoctor.explain import explain

    served = explain("Loading model on Cuda(CudaDevice(DeviceId(1)))...\nModel loaded.\nServing on http://0.0.0.0:8080.\n"
                     "thread '<unnamed>' panicked at mistralrs-core/src/pipeline/normal.rs:512:9:\n"
                     'Model failed with error `DriverError(CUDA_ERROR_OUT_OF_MEMORY, "out of memory")`.\n')
    assert (served.oom, served.framework, served.memory) == (True, "candle", "gpu")
    assert any("--pa-memory-fraction" in line for line in served.fixes)
    plain = explain('Error: DriverError(CUDA_ERROR_OUT_OF_MEMORY, "out of memory")\n')
    assert (plain.oom, plain.framework) == (True, "candle")
    assert not any("mistral.rs" in line for line in plain.fixes + plain.diagnosis)


def test_the_shells_killed_followed_by_a_blank_line_and_the_users_words_is_the_oom_killer():
    """A paste that ends with the shell's "Killed", then a blank line and the user's own words (what tegrastats showed):
    the program's last line is the shell's, not the user's; "Killed" in a sentence is not."""
    from oomdoctor.explain import explain

    log = ("I1006 12:33:32.938695  5136 layer_factory.hpp:77] Creating layer conv6/dw\n"
           "I1006 12:33:32.938863  5136 net.cpp:408] conv6/dw -> conv6/dw\nKilled\n\n- and the RAM use:\n\n"
           "RAM 3783/3995MB (lfb 1x4MB) cpu [48%,0%,0%,0%]\n")
    result = explain(log)
    assert (result.oom, result.memory, result.case) == (True, "host", "host-memory")
    prose = explain("I1006 12:33:32.938863  5136 net.cpp:408] conv6/dw -> conv6/dw\nThe job was Killed by me.\n\n"
                    "Any idea?\n")
    assert prose.oom is False


def test_a_dataloader_workers_death_names_pytorch_without_its_paths():
    """PyTorch's DataLoader says a worker died in its own words: PyTorch's, where the paste keeps no path of it."""
    from oomdoctor.explain import explain

    killed = explain("RuntimeError: DataLoader worker (pid 22358) is killed by signal: Killed.\n")
    assert (killed.oom, killed.framework, killed.memory, killed.case) == (True, "torch", "host", "host-memory")
    assert explain("RuntimeError: DataLoader worker (pid(s) 1234) exited unexpectedly\n").framework == "torch"


def test_ths_host_allocator_before_pytorch_1_is_host_memory():
    """PyTorch before 1.0 ran out of RAM in TH's allocator, whose size is whole GiB rounded down ("0GB"): host memory,
    no request read."""
    from oomdoctor.explain import explain

    result = explain("RuntimeError: $ Torch: not enough memory: you tried to allocate 0GB. Buy new RAM\n"
                     "! at ..\\aten\\src\\TH\\THGeneral.cpp:204\n")
    assert (result.oom, result.framework, result.memory, result.case) == (True, "torch", "host", "host-memory")
    assert result.requested_bytes is None


def test_metals_command_buffer_out_of_memory_is_the_apple_gpus_outside_pytorch():
    """Metal's MTLCommandBufferErrorOutOfMemory as llama.cpp's Metal back end, MLX and a program of its own print it:
    the Apple GPU's share of the unified memory, with advice for who ran it, not PyTorch's watermark."""
    from oomdoctor.explain import explain

    ggml = explain("ggml_metal_graph_compute: command buffer 3 failed with status 5\n"
                   "error: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)\n")
    assert (ggml.oom, ggml.framework, ggml.memory, ggml.case) == (True, "llama.cpp", "mps", "mps-watermark")
    assert any("-ngl" in line for line in ggml.fixes)
    assert not any("PYTORCH_MPS_HIGH_WATERMARK_RATIO" in line for line in ggml.fixes)
    status_only = explain("ggml_metal_graph_compute: command buffer 6 failed with status 5\nout of memory\n")
    assert (status_only.oom, status_only.memory) == (True, "mps")
    mlx = explain("libc++abi: terminating due to uncaught exception of type std::runtime_error: [METAL] Command "
                  "buffer execution failed: Insufficient Memory (00000008:kIOGPUCommandBufferCallbackErrorOutOfMemory)\n")
    assert (mlx.framework, mlx.memory) == ("mlx", "mps")
    assert explain("ggml_metal_graph_compute: command buffer 6 failed with status 5\n").oom is False
