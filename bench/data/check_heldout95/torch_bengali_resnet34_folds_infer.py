import numpy as np
import pandas as pd
import os
for root, _, names in os.walk('/kaggle/input'):
    for nm in names:
        print(os.path.join(root, nm))
import sys
zoo_dir = "../input/pretrained-models/pretrained-models.pytorch-master/"
sys.path.insert(0,zoo_dir)
import pretrainedmodels
import pandas as pd
import joblib
import glob
from tqdm import tqdm
import pandas as pd
import albumentations
import joblib
import numpy as np
import torch
from PIL import Image
import pretrainedmodels
import torch.nn as nn
from torch.nn import functional as F
import os
import ast
import torch
import torch.nn as nn
import numpy as np
import sklearn.metrics
import sys
zoo_dir = "../input/pretrained-models/pretrained-models.pytorch-master/"
sys.path.insert(0, zoo_dir)
import pretrainedmodels
import glob
import torch
import albumentations
import pandas as pd
import numpy as np
from tqdm import tqdm
from PIL import Image
import joblib
import torch.nn as nn
from torch.nn import functional as F
PIX_MEAN = (0.485, 0.456, 0.406)
PIX_STD = (0.229, 0.224, 0.225)
GLYPH_H = 137
GLYPH_W = 236
RUN_ON="cuda"
class TriHeadRes34(nn.Module):
    def __init__(self, pretrained):
        super(TriHeadRes34, self).__init__()
        if pretrained is True:
            self.trunk = pretrainedmodels.__dict__["resnet34"](pretrained="imagenet")
        else:
            self.trunk = pretrainedmodels.__dict__["resnet34"](pretrained=None)
        self.head_root = nn.Linear(512, 168)
        self.head_vowel = nn.Linear(512, 11)
        self.head_cons = nn.Linear(512, 7)
    def forward(self, x):
        n, _, _, _ = x.shape
        x = self.trunk.features(x)
        x = F.adaptive_avg_pool2d(x, 1).reshape(n, -1)
        r = self.head_root(x)
        v = self.head_vowel(x)
        c = self.head_cons(x)
        return r, v, c
class GlyphTestSet:
    def __init__(self, frame, h, w, mean, std):
        self.ids = frame.image_id.values
        self.pixels = frame.iloc[:, 1:].values
        self.tfm = albumentations.Compose([
            albumentations.Resize(h, w, always_apply=True),
            albumentations.Normalize(mean, std, always_apply=True)
        ])
    def __len__(self):
        return len(self.ids)
    def __getitem__(self, k):
        glyph = self.pixels[k, :]
        gid = self.ids[k]
        glyph = glyph.reshape(137, 236).astype(float)
        glyph = Image.fromarray(glyph).convert("RGB")
        glyph = self.tfm(image=np.array(glyph))["image"]
        glyph = np.transpose(glyph, (2, 0, 1)).astype(np.float32)
        return {
            "image": torch.tensor(glyph, dtype=torch.float),
            "image_id": gid
        }
net = TriHeadRes34(pretrained=False)
net.load_state_dict(torch.load("../input/resnet34weights/resnet34_fold0.pth"))
net.eval()
def run_folds_once():
    root_out, vowel_out, cons_out = [], [], []
    seen_ids = []
    for part in range(4):
        frame = pd.read_parquet(f"../input/bengaliai-cv19/test_image_data_{part}.parquet")
        glyph_set = GlyphTestSet(frame=frame,
                                    h=GLYPH_H,
                                    w=GLYPH_W,
                                    mean=PIX_MEAN,
                                    std=PIX_STD)
        glyph_loader = torch.utils.data.DataLoader(
            dataset=glyph_set,
            batch_size= INFER_BS,
            shuffle=False,
            num_workers=4
        )
        for b, batch in enumerate(glyph_loader):
            pics = batch["image"]
            ids = batch["image_id"]
            pics = pics.to(RUN_ON, dtype=torch.float)
            r, v, c = net(pics)
            for q, gid in enumerate(ids):
                root_out.append(r[q].cpu().detach().numpy())
                vowel_out.append(v[q].cpu().detach().numpy())
                cons_out.append(c[q].cpu().detach().numpy())
                seen_ids.append(gid)
    return root_out, vowel_out, cons_out, seen_ids
net = TriHeadRes34(pretrained=False)
INFER_BS = 32
all_root = []
all_vowel = []
all_cons = []
all_ids = []
for fold in range(5):
    net.load_state_dict(torch.load(f"../input/resnet34weights/resnet34_fold{fold}.pth"))
    net.to(RUN_ON)
    net.eval()
    root_out, vowel_out, cons_out, seen_ids = run_folds_once()
    all_root.append(root_out)
    all_vowel.append(vowel_out)
    all_cons.append(cons_out)
    if fold == 0:
        all_ids.extend(seen_ids)
seen_ids
best_root = np.argmax(np.mean(np.array(all_root), axis=0), axis=1)
best_vowel = np.argmax(np.mean(np.array(all_vowel), axis=0), axis=1)
best_cons = np.argmax(np.mean(np.array(all_cons), axis=0), axis=1)
all_ids
rows = []
for q, gid in enumerate(all_ids):
    rows.append((f"{gid}_grapheme_root", best_root[q]))
    rows.append((f"{gid}_vowel_diacritic", best_vowel[q]))
    rows.append((f"{gid}_consonant_diacritic", best_cons[q]))
sub = pd.DataFrame(rows, columns=["row_id", "target"])
sub
sub.to_csv("submission.csv",index=False)
