import numpy as np
import math
import cv2
import random
import os


def read_img(path, gray):
    if gray:
        pic = cv2.imread(path, 0)
    else:
        pic = cv2.imread(path)
    return pic


def random_crop(pic, side):
    h, w = pic.shape[:2]
    top = np.random.randint(0, h - side)
    left = np.random.randint(0, w - side)
    pic = pic[top:top+side, left:left+side]
    return pic


def rotate_image(pic, deg, trim):
    h, w = pic.shape[:2]
    deg %= 360
    rot = cv2.getRotationMatrix2D((w/2, h/2), deg, 1)
    turned = cv2.warpAffine(pic, rot, (w, h))
    if trim:
        d = deg % 180
        if d > 90:
            d = 180 - d
        th = d * np.pi / 180.0
        ratio = float(h) / float(w)
        t = np.tan(th)
        num = np.cos(th) + np.sin(th) * t
        r = ratio if h > w else 1 / ratio
        den = r * t + 1
        mult = num / den
        w_in = int(round(mult*w))
        h_in = int(round(mult*h))
        x0 = int((w-w_in)/2)
        y0 = int((h-h_in)/2)
        turned = turned[y0:y0+h_in, x0:x0+w_in]
    return turned


def random_rotate(pic, spread, p_trim):
    deg = np.random.uniform(-spread, spread)
    trim = False if np.random.random() > p_trim else True
    return rotate_image(pic, deg, trim)


def generate_image_list(opt):
    names = os.listdir(opt.train_data_dir)
    n_names = len(names)
    per_img = int(math.floor(opt.augment_num/n_names))
    extra = opt.augment_num - per_img*n_names
    bonus = [True]*extra + [False]*(n_names-extra)
    random.shuffle(bonus)

    pairs = [
        (os.sep.join([opt.train_data_dir, nm]), per_img+1 if b else per_img)
        for nm, b in zip(names, bonus)
    ]

    return pairs


def augment_images(pairs, opt):
    for path, cnt in pairs:
        pic = read_img(path, opt.grayscale)
        if pic.shape[:2] != (opt.im_resize, opt.im_resize):
            pic = cv2.resize(pic, (opt.im_resize, opt.im_resize))
        base = path.split(os.sep)[-1]
        dot = base.rfind('.')
        stem = base[:dot]
        suffix = base[dot:]

        print('augmenting {}'.format(base))
        for k in range(cnt):
            var = pic.copy()
            var_name = '{}_{:0>3d}_'.format(stem, k)
            
            if random.random() < opt.p_rotate:
                var_ = random_rotate(
                    var,
                    opt.rotate_angle_vari,
                    opt.p_rotate_crop)
                if var_.shape[0] >= opt.patch_size and var_.shape[1] >= opt.patch_size:
                    var = var_
                var_name += 'r'

            if random.random() < opt.p_crop:
                var = random_crop(
                    var,
                    opt.patch_size)
                var_name += 'c'

            if random.random() < opt.p_horizonal_flip:
                var = cv2.flip(var, 1)
                var_name += 'h'

            if random.random() < opt.p_vertical_flip:
                var = cv2.flip(var, 0)
                var_name += 'v'

            out_path = os.sep.join([
                opt.aug_dir,
                '{}{}'.format(var_name, suffix)])
            cv2.imwrite(out_path, var)
