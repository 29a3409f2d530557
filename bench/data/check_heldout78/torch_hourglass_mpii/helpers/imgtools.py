'''
Image, crop and heatmap helpers for the hourglass
MPII pipeline.
'''
import numpy as np
import matplotlib.pyplot as plt
import matplotlib.image as mpimg
import cv2
from PIL import Image
import skimage
import json

def one_heatmap(hm, pt, sigma=(33,33), sigma_valu=7):
    '''
    :param hm: zeros array (H,W), a single channel, not (H,W,1)
    :param pt: joint coordinates, array
    :param sigma: odd-valued tuple (no longer used)
    :param sigma_valu: gaussian sigma
    :return: one joint heatmap (H,W)

    Superseded by generate_heatmaps().
    '''
    hm[int(pt[1])][int(pt[0])] = 1
    # hm = cv2.GaussianBlur(hm, sigma, 0)  #(H,W,1) -> (H,W)
    hm = skimage.filters.gaussian(hm, sigma=sigma_valu)  ##(H,W,1) -> (H,W)
    peak = np.amax(hm)
    hm = hm/peak
    return hm

def generate_heatmaps(img, pts, sigma=(33,33), sigma_valu=7):
    '''
    :param img: image array (H,W,C)
    :param pts: joint coordinates at the image resolution
    :param sigma: odd-valued tuple (no longer used)
    :param sigma_valu: gaussian sigma
    :return: heatmaps (H,W,num_pts)
    '''
    H, W = img.shape[0], img.shape[1]
    n_pts = pts.shape[0]
    maps = np.zeros((H, W, n_pts))
    for k, pt in enumerate(pts):
        # missing joint
        if pt[0] == 0 and pt[1] == 0:
            continue
        # clamp joints that fall outside
        if pt[0] >= W:
            pt[0] = W-1
        if pt[1] >= H:
            pt[1] = H-1
        hm = maps[:, :, k]
        hm[int(pt[1])][int(pt[0])] = 1
        # hm = cv2.GaussianBlur(hm, sigma, 0)  #(H,W,1) -> (H,W)
        hm = skimage.filters.gaussian(hm, sigma=sigma_valu)  ##(H,W,1) -> (H,W)
        peak = np.amax(hm)
        hm = hm / peak
        maps[:, :, k] = hm
    return maps

def load_image(path):
    arr = mpimg.imread(path)
    # (H,W,C) array
    return arr

def crop(img, rec, use_randscale=True, use_randflipLR=False, use_randcolor=False):
    '''
    :param img: full image (H,W,C)
    :param rec: one annotation record
    :return: crop, joints in crop coordinates, centre in crop coordinates
    '''

    H, W = img.shape[0], img.shape[1]
    s = rec['scale_provided']
    c = rec['objpos']

    # shift the centre and enlarge the scale
    if c[0] != -1:
        c[1] = c[1] + 15 * s
        s = s * 1.25
    joints = np.array(rec['joint_self'])  # (16, 3)
    joints_vis = joints[np.any(joints != [0, 0, 0], axis=1)]

    if use_randscale:
        zoom = np.random.uniform(low=1.0, high=3.0)
    else:
        zoom = 1

    x_lo = max(np.amin(joints_vis, axis=0)[0] - s * 15 * zoom, 0)
    y_lo = max(np.amin(joints_vis, axis=0)[1] - s * 15 * zoom, 0)
    x_hi = min(np.amax(joints_vis, axis=0)[0] + s * 15 * zoom, W)
    y_hi = min(np.amax(joints_vis, axis=0)[1] + s * 15 * zoom, H)
    w_len = x_hi - x_lo
    h_len = y_hi - y_lo
    side = max(h_len, w_len)
    pad_v = (side - h_len)/2
    pad_h = (side - w_len)/2

    # window corners
    left = max((x_lo - pad_h), 0)
    right = min((x_hi + pad_h), W)
    top = max((y_lo - pad_v), 0)
    bottom = min((y_hi + pad_v), H)

    # joints and centre relative to the window
    joints_c = np.where(joints == [0, 0, 0], joints, joints - np.array([left, top, 0]))
    c_c = c - np.array([left, top])

    out = img[int(top):int(bottom), int(left):int(right), :]

    # pad to a square
    h_new, w_new = out.shape[0], out.shape[1]
    side_new = max(h_new, w_new)
    pv = int((side_new - h_new)/2)
    ph = int((side_new - w_new)/2)

    # shift joints and centre by the padding
    joints_c = np.where(joints_c == [0, 0, 0], joints_c, joints_c + np.array([ph, pv, 0]))
    c_c = c_c + np.array([ph, pv])

    out = cv2.copyMakeBorder(out, pv, pv, ph, ph, cv2.BORDER_CONSTANT, value=0)

    # to float in [0, 1]
    out = out / 255.
    out = out.astype(np.float)

    if use_randflipLR:
        mirror = np.random.random() > 0.5
        # print('mirror', mirror)
        if mirror:
            # (H,W,C)
            out = np.flip(out, 1)
            # mirrored joints, [0,0] stays missing
            joints_c = np.where(joints_c == [0, 0, 0], joints_c,
                                    [side_new, 0, 0] + joints_c * [-1, 1, 0])
            c_c = [side_new, 0] + c_c * [-1, 1]
            # swap left/right joints
            joints_c = np.concatenate((joints_c[5::-1], joints_c[6:10], joints_c[15:9:-1]))

    if use_randcolor:
        tint = np.random.random() > 0.5
        # print('tint', tint)
        if tint:
            out[..., 0] *= np.clip(np.random.uniform(low=0.8, high=1.2), 0., 1.)
            out[..., 1] *= np.clip(np.random.uniform(low=0.8, high=1.2), 0., 1.)
            out[..., 2] *= np.clip(np.random.uniform(low=0.8, high=1.2), 0., 1.)

    return out, joints_c, c_c

def change_resolu(img, pts, c, resolu_out=(256,256)):
    '''
    :param img: image array
    :param pts: joints at the image resolution
    :param c: centre
    :param resolu_out: target (H, W)
    :return: image, joints and centre at the target resolution
    '''
    h_in = img.shape[0]
    w_in = img.shape[1]
    h_out = resolu_out[0]
    w_out = resolu_out[1]
    fy = h_in/h_out
    fx = w_in/w_out

    pts_o = pts/np.array([fx, fy, 1])
    c_o = c/np.array([fx, fy])
    img_o = skimage.transform.resize(img, tuple(resolu_out))

    return img_o, pts_o, c_o

def heatmaps_to_coords(maps, resolu_out=[64,64], prob_threshold=0.2):
    '''
    :param maps: array (64,64,16)
    :param resolu_out: output size
    :return coords: (16,2) array
    '''

    n_j = maps.shape[2]
    # resize
    maps = skimage.transform.resize(maps, tuple(resolu_out))
    print('maps shape', maps.shape)

    coords = np.zeros((n_j, 2))
    for k in range(n_j):
        hm = maps[..., k]
        top = np.max(hm)
        # keep confident peaks only
        if top > prob_threshold:
            loc = np.where(hm == top)
            H = loc[0][0]
            W = loc[1][0]
        else:
            H = 0
            W = 0
        coords[k] = [W, H]
    return coords

def show_stack_joints(img, pts, c=[0, 0], draw_lines=False, num_fig=1):
    '''
    :param img: array (H,W,C)
    :param pts: joints at the image resolution, (16,3)
    :param c: centre, (2,)
    '''
    # accept lists too
    pts = np.array(pts)
    style = {
        0: 'image',
        1: ['l ankle', 'b', 'x'],
        2: ['l knee', 'b', '^'],
        3: ['l hip', 'b', 'o'],
        4: ['r hip', 'r', 'o'],
        5: ['r knee', 'r', '^'],
        6: ['r ankle', 'r', 'x'],
        7: ['pelvis', 'y', 'o'],
        8: ['thorax', 'y', 'o'],
        9: ['neck', 'y', 'o'],
        10: ['head top', 'y', '*'],
        11: ['l wrist', 'b', 'x'],
        12: ['l elbow', 'b', '^'],
        13: ['l shoulder', 'b', 'o'],
        14: ['r shoulder', 'r', 'o'],
        15: ['r elbow', 'r', '^'],
        16: ['r wrist', 'r', 'x']
    }
    plt.figure(num_fig)
    plt.imshow(img)
    ys, xs = [], []
    cys, cxs = [], []
    for k in range(pts.shape[0]):
        xs.append(pts[k, 0])  # x
        ys.append(pts[k, 1])  # y
    cxs.append(c[0])
    cys.append(c[1])
    for k in range(pts.shape[0]):
        plt.scatter(xs[k], ys[k], color=style[k+1][1], marker=style[k+1][2])
    plt.scatter(cxs, cys, color='b', marker='*')
    if draw_lines:
        # torso
        plt.plot(xs[6:10], ys[6:10], color='y', linewidth=2)
        plt.plot(xs[2:4], ys[2:4], color='y', linewidth=2)
        plt.plot(xs[12:14], ys[12:14], color='y', linewidth=2)
        # left arm
        plt.plot(xs[10:13], ys[10:13], color='b', linewidth=2)
        # right arm
        plt.plot(xs[13:16], ys[13:16], color='r', linewidth=2)
        # left leg
        plt.plot(xs[0:3], ys[0:3], color='b', linewidth=2)
        # right leg
        plt.plot(xs[3:6], ys[3:6], color='r', linewidth=2)
    plt.axis('off')
    plt.show()

def show_heatmaps(img, maps, c=np.zeros((2)), num_fig=1):
    '''
    :param img: array (H,W,3)
    :param maps: array (H,W,num_pts)
    :param c: centre, (2,)
    '''
    H, W = img.shape[0], img.shape[1]
    titles = {
        0: 'image',
        1: 'l ankle',
        2: 'l knee',
        3: 'l hip',
        4: 'r hip',
        5: 'r knee',
        6: 'r ankle',
        7: 'pelvis',
        8: 'thorax',
        9: 'neck',
        10: 'head top',
        11: 'l wrist',
        12: 'l elbow',
        13: 'l shoulder',
        14: 'r shoulder',
        15: 'r elbow',
        16: 'r wrist'
    }

    if maps.shape[0] != H:
        maps = skimage.transform.resize(maps, (H, W))

    centre_map = one_heatmap(np.zeros((H, W)), c, (91, 91))
    plt.figure(num_fig)
    for k in range(maps.shape[2] + 1):
        plt.subplot(4, 5, k + 1)
        plt.title(titles[k])
        if k == 0:
            plt.imshow(img)
        else:
            plt.imshow(maps[:, :, k - 1])
        plt.axis('off')
    plt.subplot(4, 5, 20)
    plt.imshow(centre_map)  # (H,W) or (H,W,3) only
    plt.axis('off')
    plt.show()
