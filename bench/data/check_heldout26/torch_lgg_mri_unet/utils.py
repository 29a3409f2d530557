import numpy as np
from medpy.filter.binary import largest_connected_component
from skimage.exposure import rescale_intensity
from skimage.transform import resize


def dice_similarity(pred_y, true_y, keep_largest=True):
    if keep_largest and np.any(pred_y):
        pred_y = np.round(pred_y).astype(int)
        true_y = np.round(true_y).astype(int)
        pred_y = largest_connected_component(pred_y)
    return np.sum(pred_y[true_y == 1]) * 2.0 / (np.sum(pred_y) + np.sum(true_y))


def crop_to_brain(pair):
    vol, mask = pair
    vol[vol < np.max(vol) * 0.1] = 0
    z_profile = np.max(np.max(np.max(vol, axis=-1), axis=-1), axis=-1)
    z_hits = np.nonzero(z_profile)
    z_lo = np.min(z_hits)
    z_hi = np.max(z_hits) + 1
    row_profile = np.max(np.max(np.max(vol, axis=0), axis=-1), axis=-1)
    row_hits = np.nonzero(row_profile)
    row_lo = np.min(row_hits)
    row_hi = np.max(row_hits) + 1
    col_profile = np.max(np.max(np.max(vol, axis=0), axis=0), axis=-1)
    col_hits = np.nonzero(col_profile)
    col_lo = np.min(col_hits)
    col_hi = np.max(col_hits) + 1
    return (
        vol[z_lo:z_hi, row_lo:row_hi, col_lo:col_hi],
        mask[z_lo:z_hi, row_lo:row_hi, col_lo:col_hi],
    )


def pad_to_square(pair):
    vol, mask = pair
    rows = vol.shape[1]
    cols = vol.shape[2]
    if rows == cols:
        return vol, mask
    half_gap = (max(rows, cols) - min(rows, cols)) / 2.0
    if rows > cols:
        pad_spec = ((0, 0), (0, 0), (int(np.floor(half_gap)), int(np.ceil(half_gap))))
    else:
        pad_spec = ((0, 0), (int(np.floor(half_gap)), int(np.ceil(half_gap))), (0, 0))
    mask = np.pad(mask, pad_spec, mode="constant", constant_values=0)
    pad_spec = pad_spec + ((0, 0),)
    vol = np.pad(vol, pad_spec, mode="constant", constant_values=0)
    return vol, mask


def resize_pair(pair, side=256):
    vol, mask = pair
    vol_shape = vol.shape
    target_shape = (vol_shape[0], side, side)
    mask = resize(
        mask,
        output_shape=target_shape,
        order=0,
        mode="constant",
        cval=0,
        anti_aliasing=False,
    )
    target_shape = target_shape + (vol_shape[3],)
    vol = resize(
        vol,
        output_shape=target_shape,
        order=2,
        mode="constant",
        cval=0,
        anti_aliasing=False,
    )
    return vol, mask


def standardize_volume(vol):
    low = np.percentile(vol, 10)
    high = np.percentile(vol, 99)
    vol = rescale_intensity(vol, in_range=(low, high))
    chan_mean = np.mean(vol, axis=(0, 1, 2))
    chan_std = np.std(vol, axis=(0, 1, 2))
    vol = (vol - chan_mean) / chan_std
    return vol


def overlay_images(x, true_y, pred_y, channel=1):
    overlays = []
    x_np = x[:, channel].cpu().numpy()
    true_np = true_y[:, 0].cpu().numpy()
    pred_np = pred_y[:, 0].cpu().numpy()
    for i in range(x_np.shape[0]):
        img = to_rgb(np.squeeze(x_np[i]))
        img = draw_outline(img, pred_np[i], color=[255, 0, 0])
        img = draw_outline(img, true_np[i], color=[0, 255, 0])
        overlays.append(img)
    return overlays


def to_rgb(img):
    width, height = img.shape
    img += np.abs(np.min(img))
    peak = np.abs(np.max(img))
    if peak > 0:
        img /= peak
    rgb = np.empty((width, height, 3), dtype=np.uint8)
    rgb[:, :, 2] = rgb[:, :, 1] = rgb[:, :, 0] = img * 255
    return rgb


def draw_outline(img, mask, color):
    mask = np.round(mask)
    rows, cols = np.nonzero(mask)
    for r, c in zip(rows, cols):
        if 0.0 < np.mean(mask[max(0, r - 1) : r + 2, max(0, c - 1) : c + 2]) < 1.0:
            img[max(0, r) : r + 1, max(0, c) : c + 1] = color
    return img