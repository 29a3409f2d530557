import os
import argparse
import math
import sys
import csv
from datetime import datetime


def dataset_info(ds_name):
    """
    ## Known data sets
    """
    known = {
        "cifar10": {
            "train_path": "./cifar10/train/",
            "val_path": "./cifar10/val/",
            "test_path": "./cifar10/test/",
            "num_classes": 10,
            "dataset_shape": (32, 32, 3),
            "normalization": {
                "mean": (0.4914, 0.4822, 0.4465),
                "std": (0.247, 0.2435, 0.2616),
            },
        },
        "cifar100": {
            "train_path": "./cifar100/train/",
            "val_path": "./cifar100/val/",
            "test_path": "./cifar100/test/",
            "num_classes": 100,
            "dataset_shape": (32, 32, 3),
            "normalization": {
                "mean": (0.5071, 0.4865, 0.4409),
                "std": (0.2673, 0.2564, 0.2762),
            },
        },
    }

    return known[ds_name]


def run_training(
    backend,
    loader_kind,
    deterministic,
    seed,
    arch,
    ds_name,
    n_epochs,
    warmup,
):

    # pick the keras backend
    os.environ["KERAS_BACKEND"] = backend

    #
    # XLA options for the JAX backend
    #
    xla_opts = ""

    # deterministic kernels under JAX
    if deterministic and backend == "jax":
        xla_opts = xla_opts + "--xla_gpu_deterministic_ops=true"

    if loader_kind == "torch" and backend == "jax":
        xla_opts = xla_opts + " --xla_gpu_enable_command_buffer="

    if xla_opts != "":
        os.environ["XLA_FLAGS"] = xla_opts

    import keras
    import tensorflow as tf
    import resnet_conv4

    # seed everything
    if seed != 0:
        keras.utils.set_random_seed(seed)

    # deterministic kernels under tensorflow and torch
    if deterministic:
        if backend == "tensorflow":
            import tensorflow as tf

            tf.config.experimental.enable_op_determinism()
        elif backend == "torch":
            import torch

            os.environ["CUBLAS_WORKSPACE_CONFIG"] = ":4096:8"
            torch.use_deterministic_algorithms(True)

    # batch size
    bs = 128

    # data set facts
    info = dataset_info(ds_name)
    in_shape = info["dataset_shape"]
    n_classes = info["num_classes"]

    #
    # build the input pipeline with tf.data or a torch DataLoader
    #
    if loader_kind == "tensorflow":
        import tf_pipeline

        train_ds, val_ds, test_ds = tf_pipeline.load_dataset(
            info, bs, seed
        )
    elif loader_kind == "torch":
        import torch_pipeline

        train_ds, val_ds, test_ds = torch_pipeline.load_dataset(
            info, bs, seed
        )

    # model builders
    builders = {
        "ResNet20": resnet_conv4.resnet20,
        "ResNet32": resnet_conv4.resnet32,
        "ResNet44": resnet_conv4.resnet44,
        "ResNet56": resnet_conv4.resnet56,
        "ResNet110": resnet_conv4.resnet110,
        "ResNet1202": resnet_conv4.resnet1202,
    }

    # build it
    net = builders[arch](
        input_shape=in_shape, num_classes=n_classes
    )

    # show it
    net.summary()

    # which backend runs
    print("Backend in use:", keras.backend.backend())

    # base learning rate
    base_lr = 0.1

    # step schedule
    def step_lr(epoch):
        if warmup and epoch < 5:
            return base_lr * 0.1
        elif epoch < math.ceil(n_epochs * 0.5):
            return base_lr
        elif epoch < math.ceil(n_epochs * 0.75):
            return base_lr * 0.1
        else:
            return base_lr * 0.01

    # compile
    net.compile(
        optimizer=keras.optimizers.SGD(
            weight_decay=0.0001,
            momentum=0.9,
            learning_rate=step_lr(0),
        ),
        loss=keras.losses.SparseCategoricalCrossentropy(),
        metrics=["accuracy"],
    )

    # schedule callback
    lr_cb = tf.keras.callbacks.LearningRateScheduler(step_lr)

    # callbacks
    cbs = [lr_cb]

    # start the clock
    t0 = datetime.now()

    # fit
    net.fit(
        train_ds,
        epochs=n_epochs,
        validation_data=val_ds,
        callbacks=cbs,
    )

    # stop the clock
    t1 = datetime.now()
    elapsed = t1 - t0

    # test
    res = net.evaluate(test_ds, verbose=0)
    
    # report
    print("Test loss:", res[0])
    print("Test accuracy:", res[1])
    print("Seconds:", int(elapsed.total_seconds()))

    return res[0], res[1], elapsed


def append_result(
    loss_val,
    acc_val,
    elapsed,
    backend,
    loader_kind,
    arch,
    ds_name,
    deterministic,
    seed,
    n_epochs,
    warmup,
    stem,
):
    out_csv = stem + ".csv"
    need_header = False

    # seed 0 means an unknown random seed
    # record it as such
    if seed == 0:
        seed = "random"

    if not os.path.isfile(out_csv):
        need_header = True

    with open(out_csv, "a") as fh:
        cols = [
            "date_time",
            "backend",
            "data_loader",
            "model_name",
            "dataset_name",
            "fit_time",
            "epochs",
            "lr_warmup",
            "op_determinism",
            "random_seed",
            "test_loss",
            "test_accuracy",
        ]

        w = csv.DictWriter(fh, fieldnames=cols)

        if need_header:
            w.writeheader()

        w.writerow(
            {
                "date_time": datetime.now().strftime("%Y%m%d%H%M%S%f"),
                "backend": backend,
                "data_loader": loader_kind,
                "model_name": arch,
                "dataset_name": ds_name,
                "fit_time": int(elapsed.total_seconds()),
                "epochs": n_epochs,
                "lr_warmup": warmup,
                "op_determinism": deterministic,
                "random_seed": seed,
                "test_loss": loss_val,
                "test_accuracy": acc_val,
            }
        )


def read_args(argv):
    p = argparse.ArgumentParser()

    p.add_argument(
        "--op-determinism",
        dest="op_determinism",
        help="deterministic kernels",
        action="store_true",
    )

    p.add_argument(
        "--seed-val", dest="seed_val", help="seed", type=int, default=0
    )

    p.add_argument(
        "--data-loader",
        dest="data_loader",
        help="input pipeline kind",
        default="tensorflow",
        choices=[
            "torch",
            "tensorflow",
        ],
        required=True,
    )

    p.add_argument(
        "--backend",
        dest="backend",
        help="keras backend",
        default="tensorflow",
        choices=[
            "jax",
            "torch",
            "tensorflow",
        ],
        required=True,
    )

    p.add_argument(
        "--lr-warmup",
        dest="lr_warmup",
        help="five warm-up epochs",
        action="store_true",
    )

    p.add_argument(
        "--epochs",
        dest="epochs",
        help="epochs",
        type=int,
        default=0,
    )

    p.add_argument(
        "--dataset-name",
        dest="dataset_name",
        help="data set",
        default="cifar10",
        choices=[
            "cifar10",
            "cifar100",
        ],
        required=True,
    )

    p.add_argument(
        "--model-name",
        dest="model_name",
        help="network",
        default="ResNet20",
        choices=[
            "ResNet20",
            "ResNet32",
            "ResNet44",
            "ResNet56",
            "ResNet110",
            "ResNet1202",
        ],
        required=True,
    )

    return p.parse_args(argv)


if __name__ == "__main__":
    a = read_args(sys.argv[1:])

    loss_val, acc_val, elapsed = run_training(
        backend=a.backend,
        loader_kind=a.data_loader,
        deterministic=a.op_determinism,
        seed=a.seed_val,
        arch=a.model_name,
        ds_name=a.dataset_name,
        n_epochs=a.epochs,
        warmup=a.lr_warmup,
    )

    append_result(
        loss_val=loss_val,
        acc_val=acc_val,
        elapsed=elapsed,
        backend=a.backend,
        loader_kind=a.data_loader,
        arch=a.model_name,
        ds_name=a.dataset_name,
        deterministic=a.op_determinism,
        seed=a.seed_val,
        n_epochs=a.epochs,
        warmup=a.lr_warmup,
        stem="train_results",
    )
