from torch.utils.data import DataLoader
import torch
import os
import glob
from torchvision import transforms
from tqdm import tqdm

from dataset.video_extractor import ClipFrameSet


class FrameEmbedder:
    def __init__(self, variant="dinov2_vits14", device=None):
        self.device = device or torch.device(
            "cuda" if torch.cuda.is_available() else "cpu"
        )
        print(f"Fetching backbone {variant} onto {self.device}...")

        self.net = torch.hub.load("facebookresearch/dinov2", variant).to(
            self.device
        )
        self.net.eval()

        self.prep = transforms.Compose(
            [
                transforms.Resize(
                    256, interpolation=transforms.InterpolationMode.BICUBIC
                ),
                transforms.CenterCrop(224),
                transforms.ToTensor(),
                transforms.Normalize(
                    mean=[0.485, 0.456, 0.406], std=[0.229, 0.224, 0.225]
                ),
            ]
        )

    def embed_all(
        self, src_root, dst_root, batch_size=32, num_workers=4, overwrite=False
    ):
        os.makedirs(dst_root, exist_ok=True)
        clip_dirs = sorted(glob.glob(os.path.join(src_root, "sa_fari_*")))

        print(f"{len(clip_dirs)} clip folders to embed.")

        with torch.no_grad():
            for clip_dir in tqdm(clip_dirs, desc="Clips"):
                clip_name = os.path.basename(clip_dir)
                out_file = os.path.join(dst_root, f"{clip_name}.pt")

                if os.path.exists(out_file) and not overwrite:
                    continue

                jpgs = sorted(glob.glob(os.path.join(clip_dir, "*.jpg")))
                if not jpgs:
                    continue

                frames = ClipFrameSet(jpgs, transform=self.prep)
                batches = DataLoader(
                    frames,
                    batch_size=batch_size,
                    num_workers=num_workers,
                    shuffle=False,
                )

                per_clip = []
                for chunk in batches:
                    if chunk is None:
                        continue

                    chunk = chunk.to(self.device)
                    vecs = self.net(chunk)
                    per_clip.append(vecs.cpu())

                if per_clip:
                    stacked = torch.cat(per_clip, dim=0)
                    torch.save(stacked, out_file)
