import torch
import os

from GreedyInfoMax.audio.data import librispeech


def build_libri_loaders(run_opts):
    """
    build the LibriSpeech datasets and their loaders:
    train/val when run_opts.validate is set, else train+val/test
    :param run_opts:
    :return: train loader, train set,
    held-out loader and set (validation or test split)
    """
    n_workers = 16

    if run_opts.validate:
        print("split: train / validation")
        train_wave_set = librispeech.LibriDataset(
            run_opts,
            os.path.join(
                run_opts.data_input_dir,
                "LibriSpeech/train-clean-100",
            ),
            os.path.join(
                run_opts.data_input_dir, "LibriSpeech100_labels_split/train_val_train.txt"
            ),
        )

        test_wave_set = librispeech.LibriDataset(
            run_opts,
            os.path.join(
                run_opts.data_input_dir,
                "LibriSpeech/train-clean-100",
            ),
            os.path.join(
                run_opts.data_input_dir, "LibriSpeech100_labels_split/train_val_val.txt"
            ),
        )

    else:
        print("split: train+validation / test")
        train_wave_set = librispeech.LibriDataset(
            run_opts,
            os.path.join(
                run_opts.data_input_dir,
                "LibriSpeech/train-clean-100",
            ),
            os.path.join(
                run_opts.data_input_dir, "LibriSpeech100_labels_split/train_split.txt"
            ),
        )

        test_wave_set = librispeech.LibriDataset(
            run_opts,
            os.path.join(
                run_opts.data_input_dir,
                "LibriSpeech/train-clean-100",
            ),
            os.path.join(
                run_opts.data_input_dir, "LibriSpeech100_labels_split/test_split.txt"
            ),
        )

    train_wave_loader = torch.utils.data.DataLoader(
        dataset=train_wave_set,
        batch_size=run_opts.batch_size_multiGPU,
        shuffle=True,
        drop_last=True,
        num_workers=n_workers,
    )

    test_wave_loader = torch.utils.data.DataLoader(
        dataset=test_wave_set,
        batch_size=run_opts.batch_size_multiGPU,
        shuffle=False,
        drop_last=True,
        num_workers=n_workers,
    )

    return train_wave_loader, train_wave_set, test_wave_loader, test_wave_set
