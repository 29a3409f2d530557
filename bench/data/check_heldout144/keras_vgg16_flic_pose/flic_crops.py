"""Crop each FLIC picture around its pose and rescale it."""

import os
import cv2 as cv
import numpy as np
import pandas as pd


def crop_around_pose(name, pose, pad_lo=1.4, pad_hi=1.6,
                   jitter=5, min_side=100):
    """Crop around the visible joints with random padding and shift."""
    # crop
    # read the picture
    pic = cv.imread('FLIC-full/images/%s' % (name))
    # coordinates as integers
    pose = np.asarray([int(float(p)) for p in pose])
    # (x, y) rows
    pose = pose.reshape((len(pose) // 2, 2))
    # keep joints with positive coordinates
    visible = [(p[0], p[1]) for p in pose if p[0] > 0 and p[1] > 0]
    # tight box around them
    x0, y0, w, h = cv.boundingRect(np.asarray([visible]))
    if w < min_side:
        w = min_side
    if h < min_side:
        h = min_side

    # widen the box
    lo, hi = pad_lo, pad_hi
    span = hi - lo
    # random width factor
    grow_w = np.random.rand() * span + lo  # lo~hi
    # random height factor
    grow_h = np.random.rand() * span + lo  # lo~hi
    # move and grow the box
    x0 -= (w * grow_w - w) / 2
    y0 -= (h * grow_h - h) / 2
    w *= grow_w
    h *= grow_h

    # random shift
    x0 += np.random.rand() * jitter * 2 - jitter
    y0 += np.random.rand() * jitter * 2 - jitter

    # keep the box inside the picture
    x0, y0, w, h = [int(v) for v in [x0, y0,
                                                    w, h]]
    x0 = np.clip(x0, 0, pic.shape[1] - 1)
    y0 = np.clip(y0, 0, pic.shape[0] - 1)
    w = np.clip(w, 1, pic.shape[1] - (x0 + 1))
    h = np.clip(h, 1, pic.shape[0] - (y0 + 1))
    pic = pic[y0: y0 + h, x0: x0 + w]

    # move joints into the crop frame
    # coordinates
    pose = np.asarray([(p[0] - x0, p[1] - y0) for p in pose])
    pose = pose.flatten()

    return pic, pose


def rescale_crop(pic, pose, side=224):
    """Scale the crop and its joints to side x side."""
    h0, w0 = pic.shape[:2]
    pose[0::2] = pose[0::2] / float(w0) * side
    pose[1::2] = pose[1::2] / float(h0) * side
    pic = cv.resize(pic, (side, side),
                      interpolation=cv.INTER_NEAREST)
    return pic, pose


def write_crops(names, pose, is_fit=True):
    """Write cropped pictures and a pose csv for one split."""
    if is_fit:
        # rows of the csv
        fit_rows = []
        # output folder
        if not os.path.exists(os.path.join(os.getcwd(), 'FLIC-full/crops')):
            os.mkdir('FLIC-full/crops')

        for k, (pic, pts) in enumerate(zip(names, pose)):
            # crop around the pose
            pic, pts = crop_around_pose(pic, pts)
            # rescale to 224 x 224 x 3
            pic, pts = rescale_crop(pic, pts)
            # write the crop
            cv.imwrite('FLIC-full/crops/crop{}.jpg'.format(k), pic)
            # remember its file name
            # and its pose
            fit_rows.append(['crop{}.jpg'.format(k)] + pts.tolist())

        # one csv for the split
        pd.DataFrame(fit_rows
                     ).to_csv('FLIC-full/crops/fit_targets.csv',
                              index=False, header=False)
    else:
        # rows of the csv
        te_rows = []
        # output folder
        if not os.path.exists(os.path.join(os.getcwd(), 'FLIC-full/test')):
            os.mkdir('FLIC-full/test')

        for k, (pic, pts) in enumerate(zip(names, pose)):
            # crop around the pose
            pic, pts = crop_around_pose(pic, pts)
            # rescale to 224 x 224 x 3
            pic, pts = rescale_crop(pic, pts)
            # write the crop
            cv.imwrite('FLIC-full/test/te{}.jpg'.format(k), pic)
            # remember its file name
            # and its pose
            te_rows.append(['te{}.jpg'.format(k)] + pts.tolist())

        # one csv for the split
        pd.DataFrame(te_rows).to_csv('FLIC-full/test/te_rows.csv',
                                             index=False, header=False)
