import numpy as np
import torch
import binvox_rw
from mpl_toolkits import mplot3d
import matplotlib.pyplot as plt


def view_3d(src, title='figure'):
    if isinstance(src, str):
        grid = read_voxels(src)
    else:
        grid = src
    if isinstance(grid, torch.Tensor):
        grid = grid.squeeze().detach().cpu().numpy()
    filled = np.where(grid)
    fig = plt.figure()
    ax = fig.add_subplot(projection='3d')
    ax.set_title(title)
    ax.scatter(filled[0], filled[1], filled[2])
    ax.set_xlabel('x')
    ax.set_ylabel('y')
    ax.set_zlabel('z')
    plt.show()


def draw_arrows(tips, start=None, title='Vector plot', margin=.05, label_tips=False):
    
    if start is None:
        start = np.zeros_like(tips)
    
    fig = plt.figure()
    if tips.shape[1] == 3:
        ax = fig.add_subplot(projection='3d')
    else:
        ax = fig.add_subplot()
    ax.quiver(*(start.T.tolist()), *(tips.T.tolist()))
    
    if label_tips:
        for k in range(tips.shape[0]):
            ax.text(tips[k, 0], tips[k, 1], tips[k, 2], str(tips[k]))
    
    lo = np.concatenate([start, tips], axis=0).min(axis=0)
    hi = np.concatenate([start, tips], axis=0).max(axis=0)
    span = hi - lo
    span[span==0] = 1
    pad = span * margin
    lo = lo - pad
    hi = hi + pad
    
    ax.set_xlim(lo[0], hi[0])
    ax.set_ylim(lo[1], hi[0])
    if tips.shape[1] == 3:
        ax.set_zlim(lo[2], hi[2])
    ax.set_xlabel('x')
    ax.set_ylabel('y')
    ax.set_zlabel('z')
    
    fig.suptitle(title)
    fig.tight_layout()
    plt.show()


def turn_shape(grid, angles, refit=False, refit_margin=.1, wdim=3):
    # rotation matrix
    rot = rotation_from_angles(angles)
    
    side0 = grid.shape[0]
    
    if refit:
        # pad the grid
        grid = pad_grid(grid, 1)
    
    # coordinates of filled cells
    pts = np.array(np.where(grid==1)).T
    # centre on the origin
    side = grid.shape[0]
    centre = np.array([[side // 2, side // 2, side // 2]])
    pts -= centre

    # rotate
    pts_new = np.dot(rot, pts.T).T

    if refit:
        # fit back into the box
        lo, hi = pts_new.min(axis=0, keepdims=True), pts_new.max(axis=0, keepdims=True)
        span = hi - lo
        pad = span * refit_margin
        lo -= pad
        hi += pad
        pts_new = (pts_new - lo) / (hi - lo) * side0
    else:
        pts_new += centre

    # back to a grid
    grid_new = points_to_grid(pts_new, side0)

    # close small holes
    # kernel = torch.ones((1, 1, wdim, wdim, wdim), dtype=torch.float32) / (wdim ** 3)
    grid_new = torch.nn.functional.max_pool3d(grid_new.to(dtype=torch.float32).unsqueeze(0).unsqueeze(0),
                                               kernel_size=wdim, padding=wdim//2, stride=1)
    grid_new = grid_new.round().to(dtype=torch.int).squeeze()

    return grid_new


def points_to_grid(pts, side):
    pts = pts.round().astype(int)
    grid = torch.zeros((side, side, side))
    for p in pts:
        if all((p >= 0) & (p < side)):
            grid[p[0], p[1], p[2]] = 1
    return grid


def pad_grid(grid, factor):
    box = torch.zeros((int(64 * (1 + factor)), int(64 * (1 + factor)), int(64 * (1 + factor))))
    mid = box.shape[0] // 2
    a = int(mid - 64 // 2)
    b = a + 64
    box[a: b, a: b, a: b] = grid
    return box


def rotation_from_angles(angles):

    ax_deg, ay_deg, az_deg = angles
    tx = np.deg2rad(ax_deg)
    ty = np.deg2rad(ay_deg)
    tz = np.deg2rad(az_deg)

    rx = np.array([
        [1, 0, 0],
        [0, np.cos(tx), -np.sin(tx)],
        [0, np.sin(tx), np.cos(tx)]])
    ry = np.array([
        [np.cos(ty), 0, np.sin(ty)],
        [0, 1, 0],
        [-np.sin(ty), 0, np.cos(ty)]])
    rz = np.array([
        [np.cos(tz), -np.sin(tz), 0],
        [np.sin(tz), np.cos(tz), 0],
        [0, 0, 1]])
    rot = np.dot(np.dot(rx, ry), rz)

    return rot


def read_voxels(path):
    with open(path, 'rb') as fh:
        vox = binvox_rw.read_as_3d_array(fh)
    return torch.tensor(vox.data.round().astype(int)).unsqueeze(0)

def draw_voxels(vox, savefig=False, figname=''):
    if vox.dim()==5:
        vox=vox[0][0]
    elif vox.dim()==4:
        vox=vox[0]
    
        
    vox=vox.detach().cpu().numpy()
    vox=np.swapaxes(vox,1,2)
    print("grid shape ", vox.shape)
    fig = plt.figure()
    ax = fig.add_subplot(projection='3d')
    ax.set_aspect('auto')

    ax.voxels(vox, edgecolor="k")
    
    plt.show()
    if savefig:
        fig.savefig(figname, dpi=90)
    plt.close(fig)
