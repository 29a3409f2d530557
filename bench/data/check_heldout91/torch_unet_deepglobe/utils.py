import torch
import torch.nn.functional as F
from torchvision.utils import draw_segmentation_masks
import torchvision
from tqdm import tqdm


class Denormalize(torchvision.transforms.Normalize):
    """Undoes a Normalize with the given mean and std."""
    def __init__(self, mean, std, *args, **kwargs):
        inv_mean = [-m / s for m, s in zip(mean, std)]
        inv_std = [1 / s for s in std]
        super().__init__(inv_mean, inv_std, *args, **kwargs)


@torch.no_grad()
def rgb_to_ids(lab, colors):
    """
    RGB mask to class ids.
        Parameters:
            lab: tensor (3, H, W)
            colors: RGB tuple per class
        Returns:
            tensor (H, W) of class ids
    """
    h, w = lab.shape[1:]  # (C, H, W) expected
    ids = torch.zeros((h, w), dtype=torch.uint8)
    for k, c in enumerate(colors):
        c = torch.tensor(c).view(3, 1, 1)  # one colour
        hit = torch.all(torch.eq(lab, c), 0)
        ids[hit] = k
    return ids


def ids_to_onehot(lab, n_classes):
    """
    Class ids to one-hot.
        Parameters:
            lab: tensor (H, W)
            n_classes: number of classes.
        Returns:
            tensor (n_classes, H, W).
    """
    order = (2, 0, 1) if lab.ndim == 2 else (0, 3, 1, 2)
    return torch.permute(
        F.one_hot(lab.type(torch.long), num_classes=n_classes).type(torch.bool),
        order,
    )


@torch.no_grad()
def ids_to_rgb(lab, colors):
    """
    Class ids to RGB.
        Parameters:
            lab: tensor (H, W)
            colors: RGB tuple per class
        Returns:
            tensor (3, H, W).
    """
    n_classes = len(colors)
    return draw_segmentation_masks(
        torch.zeros((3, lab.shape[-1], lab.shape[-1]), dtype=torch.uint8),
        ids_to_onehot(lab, n_classes),
        alpha=1,
        colors=colors,
    )


@torch.no_grad()
def pixel_counts(ds, n_classes=7):
    """
    Pixels per class.
    """
    dl = torch.utils.data.DataLoader(
        ds, batch_size=30, shuffle=False, num_workers=2
    )
    counts = torch.zeros((n_classes,), dtype=torch.int64)
    with tqdm(desc="counting class pixels", total=len(ds)) as bar:
        for X, y in dl:
            counts += torch.bincount(y.view(-1), minlength=n_classes)
            bar.update(X.shape[0])
    return counts


def channel_stats(ds):
    """
    Per-channel mean and std over the data set.
    """
    h, w = ds[0][0].shape[1:]
    dl = torch.utils.data.DataLoader(ds, batch_size=30, shuffle=False, num_workers=2)
    mean = 0
    with tqdm(desc="channel means", total=len(ds)) as bar:
        for X, y in dl:
            mean += X.sum([0, 2, 3])
            bar.update(X.shape[0])
    mean /= h * w * len(ds)

    std = 0
    with tqdm(desc="channel stds", total=len(ds)) as bar:
        for X, y in dl:
            std += ((X - mean.view(1, -1, 1, 1)) ** 2).sum([0, 2, 3])
            bar.update(X.shape[0])
    std /= h * w * len(ds)
    std **= 0.5

    return mean, std


@torch.no_grad()
def confusion(pred, y, n_classes=7):
    """
    Confusion matrix of predictions against labels.
    Rows are the true classes and columns the predicted ones.

    Both are turned into one-hot, each true class is multiplied
    with every predicted class and everything but the class axis
    is summed, giving the predictions for that true class.
    """
    oh_pred = ids_to_onehot(pred, n_classes=n_classes)
    oh_y = ids_to_onehot(y, n_classes=n_classes)
    return torch.stack(
        [(oh_pred * oh_y[:, [c]]).sum(dim=[0, 2, 3]) for c in range(n_classes)]
    )


@torch.no_grad()
def scores(stage, conf, class_names):
    """
    Per-class and mean IoU and accuracy from the confusion matrix.
    """
    tp = conf.diag()  # true positives
    fp = conf.sum(0) - tp  # false positives
    per_class = conf.sum(1)  # ground-truth pixels per class
    acc = tp / (per_class + 1e-5)
    iou = tp / (per_class + fp + 1e-5)
    # averages and per-class values
    return {
        # the unknown class is left out
        f"{stage}/mean_accuracy": acc[:-1].mean().item(),
        **{
            f"{stage}/accuracy_{nm}": a
            for nm, a in zip(class_names, acc.tolist())
        },
        # the unknown class is left out
        f"{stage}/mean_iou": iou[:-1].mean().item(),
        **{
            f"{stage}/iou_{nm}": v
            for nm, v in zip(class_names, iou.tolist())
        },
    }


def channels_first_flat(t):
    """Moves the channel axis first and flattens the rest:
       (N, C, D, H, W) -> (C, N * D * H * W)
    """
    # channels
    C = t.size(1)
    # new order of axes
    order = (1, 0) + tuple(range(2, t.dim()))  # channel first
    # (N, C, D, H, W) -> (C, N, D, H, W)
    moved = t.permute(order)
    # (C, N, D, H, W) -> (C, N * D * H * W)
    return moved.contiguous().view(
        C, -1
    )  # contiguous before the view


def soft_dice(pred, target, epsilon=1e-6, weight=None):
    """
    Dice as in https://arxiv.org/abs/1606.04797 for a multi-channel prediction and target.
    The prediction is expected to be probabilities (after sigmoid or softmax).
    Args:
         pred (torch.Tensor): NxCxSpatial prediction
         target (torch.Tensor): NxCxSpatial target
         epsilon (float): avoids dividing by zero
         weight (torch.Tensor): Cx1 per-class weight
    """

    """
    The targets are class ids (for cross entropy), so they are
    turned into 7-channel one-hot here.
    """
    target = ids_to_onehot(target, 7)
    # shapes must agree
    assert (
        pred.size() == target.size()
    ), "'pred' and 'target' shapes differ"

    pred = channels_first_flat(pred)
    target = channels_first_flat(target)
    target = target.float()

    # per-channel overlap
    inter = (pred * target).sum(-1)
    if weight is not None:
        inter = weight * inter

    # plain dice uses (pred + target).sum(-1); the V-Net variant uses squares
    denom = (pred * pred).sum(-1) + (target * target).sum(-1)
    return 1 - sum(2 * (inter / denom.clamp(min=epsilon)))
