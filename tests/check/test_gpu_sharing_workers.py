"""`oomdoctor check`: TensorFlow's whole-GPU reservation is a memory problem beside other processes only when those
processes run TensorFlow themselves; workers that decode files on the CPU share no GPU."""
import pytest

from oomdoctor.check import check_source

_MODEL = ("def make_net():\n"
          "    net = keras.Sequential([keras.layers.Dense(10)])\n"
          "    net.compile('adam', 'mse')\n"
          "    return net\n\n\n")


def _sharing(tmp_path, imports: str, worker: str, start: str) -> bool:
    script = tmp_path / "job.py"
    script.write_text(f"import numpy as np\nfrom tensorflow import keras\n{imports}\n\n\n{_MODEL}{worker}\n\n"
                      f"{start}\nnet = make_net()\nnet.fit(np.zeros((8, 4)), np.zeros((8, 10)), epochs=2)\n")
    return any(f.rule == "no-memory-growth" and f.kind == "memory" for f in check_source(script))


_DECODE_CV = ("def decode(path):\n"
              "    img = cv2.imread(path)\n"
              "    return cv2.resize(img, (64, 64))\n")
_DECODE_KERAS = ("def decode(path):\n"
                 "    from keras.preprocessing import image as kimage\n"
                 "    return kimage.img_to_array(kimage.load_img(path, target_size=(64, 64))) / 255.\n")
_DECODE_KERAS_TOP = ("def decode(path):\n"
                     "    return keras.utils.img_to_array(keras.utils.load_img(path)) / 255.\n")
_SCORE = ("def decode(path):\n"
          "    return make_net().predict(np.load(path))\n")
_HELPER_TF = ("def to_tensor(a):\n"
              "    return tf.convert_to_tensor(a)\n\n\n"
              "def decode(path):\n"
              "    return to_tensor(np.load(path))\n")


@pytest.mark.parametrize("imports, worker, start, expected", [
    # workers that only decode files: the GPU is TensorFlow's alone
    ("import cv2\nfrom multiprocessing import Pool", _DECODE_CV,
     "with Pool(4) as pool:\n    pics = pool.map(decode, ['a.png', 'b.png'])", False),
    ("import multiprocessing as mp", _DECODE_KERAS,
     "pics = mp.Pool(8).imap_unordered(decode, ['a.png'])", False),
    ("from concurrent.futures import ProcessPoolExecutor", _DECODE_KERAS_TOP,
     "ex = ProcessPoolExecutor()\npics = [ex.submit(decode, p) for p in ['a.png']]", False),
    ("import cv2\nimport multiprocessing", _DECODE_CV,
     "print(multiprocessing.cpu_count())", False),
    # workers that run a model or TensorFlow (directly or through a helper) each take a GPU of their own
    ("from multiprocessing import Pool", _SCORE,
     "with Pool(2) as pool:\n    scores = pool.map(decode, ['a.npy'])", True),
    ("import tensorflow as tf\nfrom multiprocessing import Process", _HELPER_TF,
     "worker = Process(target=decode, args=('a.npy',))\nworker.start()", True),
    ("from concurrent.futures import ProcessPoolExecutor", _SCORE,
     "ex = ProcessPoolExecutor()\nout = list(ex.map(lambda p: make_net().predict(np.load(p)), ['a.npy']))", True),
    # a worker the script does not define: it may run anything
    ("from multiprocessing import Pool\nfrom helpers import score", "",
     "with Pool(2) as pool:\n    out = pool.map(score, ['a.npy'])", True),
])
def test_other_processes_share_the_gpu_only_when_they_run_tensorflow(imports, worker, start, expected, tmp_path):
    assert _sharing(tmp_path, imports, worker, start) is expected
