from skimage.util import view_as_windows


def flatten_patches(win):
    n_r, n_c = win.shape[:2]
    flat_shape = (n_r * n_c,) + win.shape[2:]
    return win.reshape(flat_shape)


def extract_patches_with_step(img, patch_size, step):
    if len(img.shape) == 2:  # one channel
        win_shape = (patch_size, patch_size)
    elif len(img.shape) == 3:  # colour
        win_shape = (patch_size, patch_size, 3)
    else:
        raise ValueError("expected a 2-d or 3-d image")
    
    win = view_as_windows(img, win_shape, step)
    if len(img.shape) == 3:
        win = win.squeeze(2)  # drop the channel-window axis
    
    return flatten_patches(win)


def extract_non_overlapping_patches(img, patch_size):
    side = img.shape[0]
    assert side % patch_size == 0, f"side {side} is not a multiple of patch_size={patch_size}"
    
    return extract_patches_with_step(img, patch_size, patch_size)


def get_image_patches(img, patch_size, step=None):
    if step is None:
        return extract_non_overlapping_patches(img, patch_size)
    else:
        return extract_patches_with_step(img, patch_size, step)
