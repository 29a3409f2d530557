import os
import re
import cv2
import faiss
import torch
import numpy as np
import matplotlib.pyplot as plt
from PIL import Image
from transformers import CLIPProcessor, CLIPModel
from numpy.linalg import norm


def embed_frames(clip, proc, dev):
    src_dir = "frames"
    jpgs = sorted([n for n in os.listdir(src_dir) if n.endswith(".jpg")])
    chunk = 16
    vecs = {}
    pending_imgs, pending_names = [], []

    b = 0
    for k, jpg in enumerate(jpgs):
        fp = os.path.join(src_dir, jpg)
        pic = Image.open(fp).convert("RGB")
        pending_imgs.append(pic)
        pending_names.append(jpg)

        if len(pending_imgs) == chunk or k == len(jpgs) - 1:
            b += 1
            print(f"chunk {b}: {jpg}")
            enc = proc(images=pending_imgs, return_tensors="pt", padding=True).to(dev)
            with torch.no_grad():
                emb = clip.get_image_features(pixel_values=enc["pixel_values"])
            emb = emb / emb.norm(p=2, dim=-1, keepdim=True)

            for nm, v in zip(pending_names, emb):
                vecs[nm] = v.cpu().numpy()

            pending_imgs.clear()
            pending_names.clear()

    print(f"{len(vecs)} frames embedded.")
    return vecs


def embed_query_text(txt, clip, proc, dev):
    enc = proc(text=[txt], return_tensors="pt").to(dev)
    with torch.no_grad():
        t_emb = clip.get_text_features(**enc)
    t_emb = t_emb / t_emb.norm(p=2, dim=-1, keepdim=True)
    return t_emb.cpu().numpy()

def embed_query_image(fp, clip, proc, dev):
    pic = Image.open(fp).convert("RGB")
    enc = proc(images=pic, return_tensors="pt").to(dev)

    with torch.no_grad():
        i_emb = clip.get_image_features(pixel_values=enc["pixel_values"])
        i_emb = i_emb / i_emb.norm(p=2, dim=-1, keepdim=True)
    
    return i_emb.cpu().numpy()

def cos_sim(u, v):
    return np.dot(u, v.T) / (norm(u) * norm(v))


def build_ip_index(vecs):
    mat = np.array(list(vecs.values())).astype("float32")
    faiss.normalize_L2(mat)
    idx = faiss.IndexFlatIP(mat.shape[1])
    idx.add(mat)
    return idx


def rank_frames_for_text(vecs, t_vec, idx, k=10):
    t_vec = t_vec / np.linalg.norm(t_vec)
    q = t_vec.astype("float32")

    dists, ids = idx.search(q, k)

    hits = []
    names = list(vecs.keys())
    for r, j in enumerate(ids[0]):
        nm = names[j]
        s = dists[0][r]
        hits.append((nm, s))
    return hits

def plot_top_frames(hits, src_dir="frames", top_n=5):
    m = min(len(hits), top_n)
    plt.figure(figsize=(15, 4))
    
    for r in range(m):
        nm, s = hits[r]
        fp = os.path.join(src_dir, nm)
        
        pic = Image.open(fp)
        
        plt.subplot(1, m, r + 1)
        plt.imshow(pic)
        plt.title(f"{nm}\nsim {s:.3f}")
        plt.axis("off")
    
    plt.tight_layout()
    plt.savefig("bull_results.png")
    plt.close()
