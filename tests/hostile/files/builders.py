"""Keras model builders that go wrong in the ways users' builders do (tests/hostile)."""

import os
import sys

import keras


def small():
    return keras.Sequential([keras.Input((8,)), keras.layers.Dense(4)])


def huge_input():
    # 10^9 x 10^9 per sample: 10^18 elements, past any memory that exists
    return keras.Sequential([keras.Input((10**9, 10**9)), keras.layers.Dense(4)])


def huge_weights():
    return keras.Sequential([keras.Input((8,)), keras.layers.Dense(10**15)])


def zero_width():
    return keras.Sequential([keras.Input((0,)), keras.layers.Dense(4)])


def raises():
    raise RuntimeError("the data folder /data/clips is empty\n(checked 0 files)")


def exits_zero():
    sys.exit(0)


def exits_text():
    sys.exit("bye")


def hard_exit():
    os._exit(0)


def interrupted():
    raise KeyboardInterrupt


def returns_none():
    return None


def too_big_for_memory():
    # a 770 M-parameter Dense, as in the seed question, at a batch whose activations pass any host's memory
    return keras.Sequential([keras.Input((1487, 253, 16)), keras.layers.Flatten(), keras.layers.Dense(128)])


class _Mine(BaseException):
    """A BaseException of the user's own, not an Exception."""


def base_exception():
    raise _Mine("escaped every except Exception")


def starts_a_thread():
    import threading
    import time

    def spin():
        while True:
            time.sleep(0.1)

    threading.Thread(target=spin).start()  # not a daemon: Python would wait for it at exit
    return small()


def starts_a_process():
    import subprocess

    subprocess.Popen(["sleep", "300"])  # holds the caller's stdout, outlives its parent
    return small()


def changes_the_process():
    os.chdir("/")
    sys.path.clear()
    return small()


def ignores_signals():
    import signal

    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    return slow_model()


def slow_model():
    # slow to trace (17 s on two cores): a deep stack of layers, so that a signal arrives while
    # oomdoctor works
    return keras.Sequential([keras.Input((256,))] + [keras.layers.Dense(256) for _ in range(400)])
