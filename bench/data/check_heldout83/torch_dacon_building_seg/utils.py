import numpy as np
import albumentations as A
import torch
import torch.nn as nn
import torch.nn.functional as F
from albumentations.pytorch import ToTensorV2

transform = A.Compose(
    [   
        A.Resize(224, 224),
        A.Normalize(),
        ToTensorV2()
    ]
)

# mask -> run-length string
def rle_encode(m):
    px = m.flatten()
    px = np.concatenate([[0], px, [0]])
    runs = np.where(px[1:] != px[:-1])[0] + 1
    runs[1::2] -= runs[::2]
    return ' '.join(str(r) for r in runs)

# run-length string -> mask
def rle_decode(rle, shape):
    parts = rle.split()
    begins, spans = [np.asarray(p, dtype=int) for p in (parts[0:][::2], parts[1:][::2])]
    begins -= 1
    stops = begins + spans
    flat = np.zeros(shape[0]*shape[1], dtype=np.uint8)
    for a, b in zip(begins, stops):
        flat[a:b] = 1
    flat = flat.reshape(shape)
    return flat

class DiceLoss(nn.Module):
    def __init__(self):
        super(DiceLoss, self).__init__()

    def forward(self, p, t, eps=1e-5):
        # flatten both
        p = p.reshape(-1)
        t = t.reshape(-1)

        inter = (p * t).sum()
        coef = (2.0 * inter + eps) / (p.sum() + t.sum() + eps)

        out = 1.0 - coef
        return out


def dice_loss(pred, target):
    """Soft dice on sigmoid outputs; works for real-valued targets
and stays differentiable.
    pred: batch-first logits
    target: batch-first masks
    """

    pred = torch.sigmoid(pred)

    eps = 1e-7

    # views may be non-contiguous
    pf = pred.contiguous().view(-1)
    tf_ = target.contiguous().view(-1)
    inter = (pf * tf_).sum()

    sa = torch.sum(pf)
    sb = torch.sum(tf_)

    return 1 - ((2. * inter + eps) / (sa + sb + eps))


def dice_score(pred: np.array, truth: np.array, eps=1e-7) -> float:
    '''
    Dice between two binary masks.
    '''
    inter = np.sum(pred * truth)
    return (2.0 * inter + eps) / (np.sum(pred) + np.sum(truth) + eps)


def calculate_dice_scores(truth_df, pred_df, img_shape=(224, 224)):
    '''
    Mean dice over a table of run-length masks.
    '''


    # rows of the prediction table that have a ground truth
    pred_df = pred_df[pred_df.iloc[:, 0].isin(truth_df.iloc[:, 0])]
    pred_df.index = range(pred_df.shape[0])


    # the run-length columns
    pred_rles = pred_df.iloc[:, 1]
    true_rles = truth_df.iloc[:, 1]


    def one_dice(p_rle, t_rle):
        pm = rle_decode(p_rle, img_shape)
        tm = rle_decode(t_rle, img_shape)


        if np.sum(tm) > 0 or np.sum(pm) > 0:
            return dice_score(pm, tm)
        else:
            return None  # both empty


    scores = Parallel(n_jobs=-1)(
        delayed(one_dice)(p, t) for p, t in zip(pred_rles, true_rles)
    )


    scores = [s for s in scores if s is not None]  # drop the empty pairs


    return np.mean(scores)

def save_model(model, run_tag):
    # write the weights
    path = f'./models/{run_tag}.pt'
    torch.save(model.state_dict(), path)
    print(f"weights at {path}")
