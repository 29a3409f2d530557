import numpy as np
import matplotlib.pyplot as plt
from mpl_toolkits.axes_grid1 import ImageGrid
from PIL import Image

def normalize_batch(X_batch, low_s=0, high_s=255, low_t=-1, high_t=1):
    """
    Map images from [low_s, high_s] to [low_t, high_t]

    Args:
    - X_batch: np.ndarray, (N, H, W, C)
    - low_s: float, lowest input value
    - high_s: float, highest input value
    - low_t: float, lowest output value
    - high_t: float, highest output value

    Returns:
    - X_batch: np.ndarray, (N, H, W, C)
    """

    Z = 1.0 * (X_batch - low_s) / (high_s - low_s)
    Z = Z * (high_t - low_t) + low_t
    return Z

def show_image_list(pics, title="Untitled", out_path=None, grid_dim=None):
    """
    Draw a list of images on a grid

    Args:
        - pics: list[np.ndarray], the images
        - title: str, figure title
        - out_path: str, file to write (shown on screen when None)
        - grid_dim: tuple, rows and columns (square root of the count when None)

    """
    # plt.figure(figsize=(6, 6))
    # plt.figure(figsize=(6, 6)).suptitle(title, fontsize=18)
    plt.clf()
    n = len(pics)
    
    if grid_dim is None:
        # square grid
        side = np.sqrt(n)
        side = np.ceil(side).astype("uint8")
        rows = cols = side
    else:
        rows, cols = grid_dim

    plt.title(title)
    plt.axis("off")

    for k in range(n):
        ax = plt.subplot(rows, cols, k + 1)
        ax.axis("off")

        pic = pics[k]
    
        lo = np.min(pic)
        hi = np.max(pic)
        
        plt.imshow(pic, vmin=lo, vmax=hi)
    
    if out_path is not None:
        plt.savefig(out_path)
    else:
        plt.show()

def show_grid(X, out_path=None, suptitle=None):
    """
    Draw a batch of images on a grid.

    Args:
        X (numpy.ndarray): images to draw.
        out_path (str, optional): file to write; shown on screen when None.
        vmin (int, optional): lower colour limit. Default -1.
        vmax (int, optional): upper colour limit. Default 1.
        suptitle (str, optional): figure title. Default None.
    """
    fig = plt.figure(figsize=(6, 6))
    if suptitle is not None:
        fig.suptitle(suptitle)

    # grid side
    n = X.shape[0]

    side = np.sqrt(n)
    side = np.ceil(side).astype("uint8")

    grid = ImageGrid(fig, 
        111, # like subplot(111)
        nrows_ncols=(side, side), # side x side cells
        axes_pad=0.05, # gap in inches
    )

    # Z = normalize_batch(
    #     X, low_s=np.min(X), high_s=np.max(X), low_t=0, high_t=1
    # )
    # for ax, im in zip(grid, Z):
    #     ax.imshow(im)
    #     ax.axis("off")
    
    for ax, im in zip(grid, X):
        ax.imshow(im, vmin=np.min(X), vmax=np.max(X))
        ax.axis("off")
    
    if out_path is not None:
        plt.savefig(out_path)
    else:
        plt.show()


def show_generated(images):
    """Show generated images.

    Takes:
    - a 3D numpy array.
    - a 4D numpy array: laid side by side.
    - a list of 3D numpy arrays: laid side by side.
    """
    shown = None
    if isinstance(images, np.ndarray):
        if images.ndim == 3:
            shown = Image.fromarray(images)
        elif images.ndim == 4:
            strip = np.concatenate(list(images), axis=1)
            shown = Image.fromarray(strip)
    elif isinstance(images, list):
        strip = np.concatenate(images, axis=1)
        shown = Image.fromarray(strip)

    if shown is None:
        raise ValueError("input format not handled.")

    plt.figure(figsize=(10, 10))
    plt.axis("off")
    plt.imshow(shown)
    plt.show()
    plt.close()

def write_gif(pics, gif_path="images/forward_diffusion.gif"):
    """
    Write the images as an animated GIF.
    Args:
        pics (list): frames (float32 in 0..1).
    """
    frames = []
    for p in pics:
        # to uint8
        clipped = np.clip(p, 0.0, 1.0)
        as_u8 = (clipped * 255).astype(np.uint8)
        frames.append(Image.fromarray(as_u8))

    if frames:
        frames[0].save(
            gif_path,
            save_all=True,
            append_images=frames[1:], # remaining frames
            duration=300,# ms per frame
            loop=0, # loop forever
        )
        print(f"GIF written to {gif_path}")
    else:
        print("no frames, no GIF.")
