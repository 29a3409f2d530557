# source: https://github.com/HarryVolek/PyTorch_Speaker_Verification/blob/07f996ab9e06811e25b257c2098391e426f68b61/train_speech_embedder.py + data_load.py (memory issue: https://github.com/HarryVolek/PyTorch_Speaker_Verification/issues/26)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import glob
import os
import random
import time
from random import shuffle

import numpy as np
import torch
from torch.utils.data import Dataset, DataLoader

from hparam import hparam as hp
from utils import mfccs_and_spec
from speech_embedder_net import SpeechEmbedder, GE2ELoss, get_centroids, get_cossim


class RawSpeakers(Dataset):
    def __init__(self):
        if hp.training:
            self.root = hp.data.train_path_unprocessed
            self.per_speaker = hp.train.M
        else:
            self.root = hp.data.test_path_unprocessed
            self.per_speaker = hp.test.M
        self.speaker_dirs = glob.glob(os.path.dirname(self.root))
        shuffle(self.speaker_dirs)

    def __len__(self):
        return len(self.speaker_dirs)

    def __getitem__(self, idx):
        wavs = glob.glob(self.speaker_dirs[idx] + '/*.WAV')
        shuffle(wavs)
        wavs = wavs[0:self.per_speaker]
        specs = []
        for w in wavs:
            _, spec, _ = mfccs_and_spec(w, wav_process=True)
            specs.append(spec)
        return torch.Tensor(specs)


class PreparedSpeakers(Dataset):
    def __init__(self, shuffle=True, start=0):
        if hp.training:
            self.root = hp.data.train_path
            self.per_speaker = hp.train.M
        else:
            self.root = hp.data.test_path
            self.per_speaker = hp.test.M
        self.files = os.listdir(self.root)
        self.shuffle = shuffle
        self.start = start

    def __len__(self):
        return len(self.files)

    def __getitem__(self, idx):
        names = os.listdir(self.root)
        if self.shuffle:
            picked = random.sample(names, 1)[0]
        else:
            picked = names[idx]
        utterances = np.load(os.path.join(self.root, picked))
        if self.shuffle:
            rows = np.random.randint(0, utterances.shape[0], self.per_speaker)
            chosen = utterances[rows]
        else:
            chosen = utterances[self.start:self.start + self.per_speaker]
        chosen = chosen[:, :, :160]
        return torch.tensor(np.transpose(chosen, axes=(0, 2, 1)))


def train(model_path):
    device = torch.device(hp.device)
    speakers = PreparedSpeakers() if hp.data.data_preprocessed else RawSpeakers()
    loader = DataLoader(speakers, batch_size=hp.train.N, shuffle=True, num_workers=hp.train.num_workers, drop_last=True)

    embedder = SpeechEmbedder().to(device)
    if hp.train.restore:
        embedder.load_state_dict(torch.load(model_path))
    criterion = GE2ELoss(device)
    optimizer = torch.optim.SGD([
        {'params': embedder.parameters()},
        {'params': criterion.parameters()}
    ], lr=hp.train.lr)

    os.makedirs(hp.train.checkpoint_dir, exist_ok=True)
    embedder.train()
    step = 0
    for epoch in range(hp.train.epochs):
        running = 0
        for batch_id, mels in enumerate(loader):
            mels = mels.to(device)
            mels = torch.reshape(mels, (hp.train.N * hp.train.M, mels.size(2), mels.size(3)))
            perm = random.sample(range(0, hp.train.N * hp.train.M), hp.train.N * hp.train.M)
            unperm = list(perm)
            for i, j in enumerate(perm):
                unperm[j] = i
            mels = mels[perm]
            optimizer.zero_grad()

            emb = embedder(mels)
            emb = emb[unperm]
            emb = torch.reshape(emb, (hp.train.N, hp.train.M, emb.size(1)))

            loss = criterion(emb)
            loss.backward()
            torch.nn.utils.clip_grad_norm_(embedder.parameters(), 3.0)
            torch.nn.utils.clip_grad_norm_(criterion.parameters(), 1.0)
            optimizer.step()

            running = running + loss
            step += 1
            if (batch_id + 1) % hp.train.log_interval == 0:
                print(time.ctime(), epoch + 1, batch_id + 1, step, loss, running / (batch_id + 1))

        if hp.train.checkpoint_dir is not None and (epoch + 1) % hp.train.checkpoint_interval == 0:
            embedder.eval().cpu()
            torch.save(embedder.state_dict(), os.path.join(hp.train.checkpoint_dir, "ckpt_epoch_%d.pth" % (epoch + 1)))
            embedder.to(device).train()

    embedder.eval().cpu()
    torch.save(embedder.state_dict(), os.path.join(hp.train.checkpoint_dir, "final_epoch_%d.model" % (epoch + 1)))


def test(model_path):
    speakers = PreparedSpeakers() if hp.data.data_preprocessed else RawSpeakers()
    loader = DataLoader(speakers, batch_size=hp.test.N, shuffle=True, num_workers=hp.test.num_workers, drop_last=True)

    embedder = SpeechEmbedder()
    embedder.load_state_dict(torch.load(model_path))
    embedder.eval()

    mean_eer = 0
    for epoch in range(hp.test.epochs):
        epoch_eer = 0
        for batch_id, mels in enumerate(loader):
            enroll, verify = torch.split(mels, int(mels.size(1) / 2), dim=1)
            enroll = torch.reshape(enroll, (hp.test.N * hp.test.M // 2, enroll.size(2), enroll.size(3)))
            verify = torch.reshape(verify, (hp.test.N * hp.test.M // 2, verify.size(2), verify.size(3)))
            perm = random.sample(range(0, verify.size(0)), verify.size(0))
            unperm = list(perm)
            for i, j in enumerate(perm):
                unperm[j] = i
            verify = verify[perm]
            enroll_emb = embedder(enroll)
            verify_emb = embedder(verify)
            verify_emb = verify_emb[unperm]
            enroll_emb = torch.reshape(enroll_emb, (hp.test.N, hp.test.M // 2, enroll_emb.size(1)))
            verify_emb = torch.reshape(verify_emb, (hp.test.N, hp.test.M // 2, verify_emb.size(1)))
            centroids = get_centroids(enroll_emb)
            sim = get_cossim(verify_emb, centroids)

            gap = 1
            eer = 0
            for thres in [0.01 * i + 0.5 for i in range(50)]:
                above = sim > thres
                far = (sum([above[i].float().sum() - above[i, :, i].float().sum() for i in range(int(hp.test.N))])
                       / (hp.test.N - 1.0) / (float(hp.test.M / 2)) / hp.test.N)
                frr = (sum([hp.test.M / 2 - above[i, :, i].float().sum() for i in range(int(hp.test.N))])
                       / (float(hp.test.M / 2)) / hp.test.N)
                if gap > abs(far - frr):
                    gap = abs(far - frr)
                    eer = (far + frr) / 2
            epoch_eer += eer
        mean_eer += epoch_eer / (batch_id + 1)
    print(mean_eer / hp.test.epochs)


if __name__ == "__main__":
    if hp.training:
        train(hp.model.model_path)
    else:
        test(hp.model.model_path)
