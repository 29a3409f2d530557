import pickle
import torch
from utils import embed_frames
from transformers import CLIPModel, CLIPProcessor

clip = CLIPModel.from_pretrained("openai/clip-vit-base-patch16")
proc = CLIPProcessor.from_pretrained("openai/clip-vit-base-patch16")
dev = "cuda" if torch.cuda.is_available() else "cpu"
clip.to(dev)

frame_vecs = embed_frames(clip, proc, dev)

with open("features.pkl", "wb") as fh:
    pickle.dump(frame_vecs, fh)
