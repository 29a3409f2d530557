import os
import time
import torch
import pickle
import random
import hparams
import data.audio as audio
import numpy as np

from tqdm import tqdm
from torch.nn import functional as F
from torch.utils.data import Dataset, DataLoader
from data.utils import pad_1d, pad_2d, read_path_list

random.seed(0)
device = torch.device('cuda' if torch.cuda.is_available() else 'cpu')


def preload_pairs(wav_list_file, mel_list_file, log, cache_file="feats.bin"):
    if os.path.exists(cache_file):
        log.info("reading cached features")
        with open(cache_file, "rb") as f:
            store = pickle.load(f)
        return store

    log.info("first run: reading every feature file")
    wav_paths = read_path_list(wav_list_file)
    mel_paths = read_path_list(mel_list_file)
    store = []
    start = time.perf_counter()
    shortest = 1e10
    assert len(wav_paths) == len(mel_paths)
    n_items = len(wav_paths)
    if hparams.test_size != 0 and hparams.test_size < n_items:
        n_items = hparams.test_size
    for i in tqdm(range(n_items)):
        # sanity: mel_paths[i].split("/")[-1].split(".")[0] == wav_paths[i].split("/")[-1].split(".")[0]  # names must match
        mel = np.load(mel_paths[i]).T
        mel = torch.from_numpy(mel)
        wav = np.load(wav_paths[i])
        wav = torch.from_numpy(wav)
        if mel.size(0) < shortest:
            shortest = mel.size(0)
        store.append({"mel": mel, "wav": wav})
    end = time.perf_counter()
    log.info(f"preload took {int(end-start)}s")
    log.info(f"shortest mel has {shortest} frames")

    with open(cache_file, "wb") as f:
        pickle.dump(store, f)

    return store


class InMemoryPairs(Dataset):
    def __init__(self, store):
        self.buffer = store
        self.length_dataset = len(self.buffer)

    def __len__(self):
        return self.length_dataset

    def __getitem__(self, idx):
        data = self.buffer[idx]
        n_frames = data["mel"].size(0)
        f0 = random.randint(0, n_frames - hparams.fixed_length - 1)
        f1 = f0 + hparams.fixed_length
        s0 = f0 * hparams.hop_size
        s1 = f1 * hparams.hop_size
        crop = {
            "mel": data["mel"][f0:f1, :],
            "wav": data["wav"][s0:s1]
        }
        return crop


class BasisWeightPairs(Dataset):
    def __init__(self, wav_list_file, mel_list_file, L):
        self.wav_paths = read_path_list(wav_list_file)
        self.mel_paths = read_path_list(mel_list_file)
        assert (len(self.wav_paths) == len(self.mel_paths))
        self.basis_len = L

    def __len__(self):
        return len(self.wav_paths)

    def __getitem__(self, idx):
        mel = np.load(self.mel_paths[idx]).T
        mel = torch.from_numpy(mel)
        wav = np.load(self.wav_paths[idx])
        wav = torch.from_numpy(wav)
        basis_file = os.path.join("Basis-MelGAN-dataset", "weight", self.wav_paths[idx].split("/")[-1])
        weight = np.load(basis_file).T
        weight = torch.from_numpy(weight)
        data = {"mel": mel, "wav": wav, "weight": weight}
        n_frames = data["mel"].size(0)
        f0 = random.randint(0, n_frames - hparams.fixed_length - 1)
        f1 = f0 + hparams.fixed_length
        b0 = f0 * (hparams.hop_size // (self.basis_len // 2))
        b1 = f1 * (hparams.hop_size // (self.basis_len // 2))
        s0 = f0 * hparams.hop_size
        s1 = f1 * hparams.hop_size
        crop = {
            "mel": data["mel"][f0:f1, :],
            "wav": data["wav"][s0:s1],
            "weight": data["weight"][b0:b1, :]
        }
        if False:
            # debug dump
            basis_np = crop["weight"].numpy()
            wav_np = crop["wav"].numpy()
            audio.save_wav(wav_np, os.path.join("test", f"test_{idx}.wav"), hparams.sample_rate)
            np.save(os.path.join("test", f"test_{idx}.npy"), basis_np)
        return crop


def pad_group(batch, groups):
    mels = [batch[i]["mel"] for i in groups]
    wavs = [batch[i]["wav"] for i in groups]
    wavs = pad_1d(wavs)
    mels = pad_2d(mels)

    if "weight" in batch[0]:
        weights = [batch[i]["weight"] for i in groups]
        weights = pad_2d(weights)
        return {"mel": mels, "wav": wavs, "weight": weights}
    else:
        return {"mel": mels, "wav": wavs}


def collate_groups(batch):
    lengths = np.array([d["mel"].size(0) for d in batch])
    order = np.argsort(-lengths)
    n_batch = len(batch)
    group_size = n_batch // hparams.batch_expand_size
    groups = []
    for i in range(hparams.batch_expand_size):
        groups.append(order[i * group_size:(i+1) * group_size])
    output = []
    for i in range(hparams.batch_expand_size):
        output.append(pad_group(batch, groups[i]))
    return output


def collate_single(batch):
    return pad_group(batch, [0])
