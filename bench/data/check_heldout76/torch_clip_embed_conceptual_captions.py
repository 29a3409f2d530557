import torch
import clip
from torch.utils.data import DataLoader, Dataset
from PIL import Image
import pickle
from tqdm import tqdm
import os
import csv
import threading
import requests
import shutil
import PIL
import json
from typing import List, Tuple, Optional
import argparse


class CCImages(Dataset):

    @staticmethod
    def read_shards(root: str, split: str):
        shards = []
        for k in range(16):
            shard_path = f"{root}/conceptual_{split}_{k:02d}.pkl"
            if os.path.isfile(shard_path):
                with open(shard_path, 'rb') as fh:
                    shard_info = pickle.load(fh)["info"]
                shards.append(shard_info)

        return shards

    @staticmethod
    def gather(root: str, split: str):
        shards = CCImages.read_shards(root, split)
        rows = []
        for shard in shards:
            for key in shard:
                rows.append((key, shard[key]["caption"]))
        return rows

    def __len__(self):
        return len(self.rows)

    def __getitem__(self, idx: int):
        img_name, text = self.rows[idx]
        img_file = f"{self.root}/{self.split}/{img_name}.jpg"
        failed = False
        img = self.blank
        try:
            img = self.preprocess(Image.open(img_file))
        except PIL.UnidentifiedImageError:
            failed = True
        except OSError:
            failed = True
        except BaseException:
            failed = True
        if failed:
            return img, "", img_name
        return img, text, img_name

    def __init__(self, root: str, preprocess, split: str):
        self.split = split
        self.root = root
        self.rows = self.gather(root, split)
        self.preprocess = preprocess
        self.blank = torch.zeros(3, 288, 288)


def dump_pickle(obj, dest: str, backup_slot: Optional[int] = None):
    if os.path.isfile(dest) and backup_slot is not None:
        backup = f'{dest[:-4]}_{backup_slot:02d}.pkl'
        shutil.copyfile(dest, backup)
    with open(dest, 'wb') as fh:
        pickle.dump(obj, fh)


def download_one(link: str, dest: str, timeout=10):
    try:
        resp = requests.get(link, stream=True, timeout=timeout)
        if resp.status_code == 200:
            with open(dest, 'wb') as fh:
                resp.raw.decode_content = True
                shutil.copyfileobj(resp.raw, fh)
            return True
        return False
    except BaseException:
        return False


def worker(jobs: List[Tuple[List[str], int]], worker_id: int, bar: tqdm, lock: Optional[threading.Lock],
           split: str, root: str):
    img_dir = f"{root}/{split}"
    shard_path = f"{root}/conceptual_{split}_{worker_id:02d}.pkl"
    backup_slot = 0
    if os.path.isfile(shard_path):
        with open(shard_path, 'rb') as fh:
            state = pickle.load(fh)
        done = state['parsed']
        meta = state['info']
    else:
        done = set()
        meta = {}
    for k in range(0, len(jobs)):
        (text, link), idx = jobs[k]
        key = f"{idx:08d}"
        dest = f"{img_dir}/{key}.jpg"
        if link not in done and not os.path.isfile(dest) and download_one(link, dest):
            done.add(link)
            meta[key] = {"url": link, "caption": text}
        if lock is not None:
            lock.acquire()
            try:
                bar.update()
            finally:
                lock.release()
        else:
            bar.update()
        if (k + 1) % 1000 == 0:
            dump_pickle({'parsed': done, 'info': meta}, shard_path, backup_slot)
            backup_slot = 1 - backup_slot
    dump_pickle({'parsed': done, 'info': meta}, shard_path, 2)
    return 0


def fetch_all_images(root: str, n_threads: int):
    jobs = []
    for split in ("val", "train"):
        if split == "train":
            tsv = f"{root}/Train_GCC-training.tsv"
        else:
            tsv = f"{root}/Validation_GCC-1.1.0-Validation.tsv"
        with open(tsv) as fh:
            rdr = csv.reader(fh, delimiter="\t")
            for k, row in enumerate(rdr):
                jobs.append((row, k))
        bar = tqdm(total=len(jobs))
        if n_threads == 1:
            worker(jobs, 0, bar, None, split, root)
        else:
            parts = []
            pool = []
            lock = threading.Lock()
            part_len = len(jobs) // n_threads
            for k in range(n_threads):
                if k < n_threads - 1:
                    parts.append(jobs[k * part_len: (k + 1) * part_len])
                else:
                    parts.append(jobs[k * part_len:])
            for k in range(n_threads):
                pool.append(threading.Thread(target=worker, args=(parts[k], k, bar, lock, split, root)))
            for k in range(n_threads):
                pool[k].start()
            for k in range(n_threads):
                pool[k].join()
        bar.close()


def end_with_period(text: str):
    text = text.strip()
    if text[-1] != '.':
        text = text + '.'
    elif text[-2] == ' ':
        text = text[:-2] + '.'
    return text


def embed_all_images(root: str, backbone_name: str):
    emb_chunks = []
    caption_rows = []
    for split in ("val", "train"):
        device = torch.device("cuda:0")
        backbone, preprocess = clip.load(backbone_name, device=device, jit=False)
        backbone = backbone.eval()
        ds = CCImages(root, preprocess, split)
        dl = DataLoader(ds, batch_size=200, shuffle=False, num_workers=8, drop_last=False)
        bar = tqdm(total=len(dl))
        seen = 0
        tag = backbone_name.replace('/', '_')
        out_file = f"{root}/conceptual_clip_{tag}_{split}.pkl"
        backup_slot = 0
        for k, batch in enumerate(dl):
            imgs, texts, names = batch
            imgs = imgs.to(device)
            with torch.no_grad():
                emb = backbone.encode_image(imgs).cpu()
            ok = list(map(lambda x: x != "", texts))
            keep = torch.tensor(ok)
            emb_chunks.append(emb[keep])
            texts = [t for j, t in enumerate(texts) if ok[j]]
            names = [n for j, n in enumerate(names) if ok[j]]
            caption_rows.extend([{"caption": end_with_period(t), "clip_embedding": seen + j, "image_id": n}
                                 for j, (t, n) in enumerate(zip(texts, names))])
            bar.update()
            seen += len(texts)
            if (k + 1) % 1000 == 0:
                dump_pickle({"clip_embedding": torch.cat(emb_chunks, dim=0), "captions": caption_rows}, out_file, backup_slot)
                backup_slot = 1 - backup_slot
        dump_pickle({"clip_embedding": torch.cat(emb_chunks, dim=0), "captions": caption_rows}, out_file, 2)
        bar.close()

    return 0


def run():
    ap = argparse.ArgumentParser()
    ap.add_argument('--data_root', default='./data/conceptual')
    ap.add_argument('--clip_model_type', default="ViT-B/32", choices=('RN50', 'RN101', 'RN50x4', 'ViT-B/32'))
    ap.add_argument('--num_threads', type=int, default=16)
    opts = ap.parse_args()
    fetch_all_images(opts.data_root, opts.num_threads)
    embed_all_images(opts.data_root, opts.clip_model_type)


if __name__ == '__main__':
    run()
