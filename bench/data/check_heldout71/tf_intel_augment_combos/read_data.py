import os
import numpy as np
import random
import json
import PIL
from PIL import Image
from tqdm import tqdm
import matplotlib.pyplot as plt
from skimage.transform import rotate, AffineTransform, warp


class SceneArrays(object):
    def __init__(self, source_dir, arrays_dir, variants_dir, settings_dir, previews_dir,
                 side_w, side_h, split_name):
        self.source_dir = source_dir
        self.arrays_dir = arrays_dir
        self.variants_dir = variants_dir
        self.settings_dir = settings_dir
        self.previews_dir = previews_dir
        self.side_w = side_w
        self.side_h = side_h
        self.split_name = split_name
        self.x_file = os.path.join(self.arrays_dir, self.split_name + '_x.npy')
        self.y_file = os.path.join(self.arrays_dir, self.split_name + '_y.npy')
        self.mixed_x_file = os.path.join(self.arrays_dir, self.split_name + '_mixed_x.npy')
        self.mixed_y_file = os.path.join(self.arrays_dir,
                                         self.split_name + '_mixed_y.npy')

    def keep_ratio_then_shrink(self, pic, short_side=150):
        if pic.size[0] <= pic.size[1]:
            new_w = short_side
            factor = (new_w / float(pic.size[0]))
            new_h = int((float(pic.size[1]) * float(factor)))
            pic = pic.resize((new_w, new_h), PIL.Image.LANCZOS)
        else:
            new_h = short_side
            factor = (new_h / float(pic.size[1]))
            new_w = int((float(pic.size[0]) * float(factor)))
            pic = pic.resize((new_w, new_h), PIL.Image.LANCZOS)

        pic = pic.resize((self.side_w, self.side_h), PIL.Image.LANCZOS)
        return np.array(pic) / 255.0

    def class_index_map(self):
        # folder name -> integer class id
        # read back from classes.json when it was written before
        # otherwise build it from the folder listing (first run only) and write it out

        name_to_id = {}

        map_file = os.path.join(self.settings_dir, 'classes.json')

        if os.path.exists(map_file):
            with open(map_file) as fh:
                name_to_id = json.load(fh)
        else:
            for pair in enumerate(os.listdir(self.source_dir)):
                name_to_id[pair[1]] = pair[0]
            with open(map_file, 'w') as fh:
                json.dump(name_to_id, fh)

        return name_to_id

    def read_all_folders(self):
        # Decodes every picture of every class folder; returns {class id: list of
        # decoded pictures}.
        name_to_id = self.class_index_map()
        per_class = {}
        for folder in name_to_id.keys():
            folder_path = os.path.join(self.source_dir, folder)
            pics = []
            print('reading pictures of class {} ...'.format(folder))
            for fname in tqdm(os.listdir(folder_path)):
                full_path = os.path.join(folder_path, fname)
                pic = Image.open(full_path)
                pics.append(self.keep_ratio_then_shrink(pic))
            per_class[name_to_id[folder]] = pics
        return per_class

    def build_and_store(self):
        # Writes the decoded split to .npy files so later runs can skip the
        # decoding step.
        by_class = self.read_all_folders()
        xs = []
        ys = []
        for cls in by_class:
            xs += by_class[cls]
            for k in range(len(by_class[cls])):
                ys.append(cls)

        pairs = []
        for one_x, one_y in zip(xs, ys):
            pairs.append((one_x, one_y))
        random.shuffle(pairs)
        mixed_x = []
        mixed_y = []
        for (one_x, one_y) in pairs:
            mixed_x.append(one_x)
            mixed_y.append(one_y)
        np.save(self.x_file, np.array(xs))
        np.save(self.y_file, np.array(ys))
        np.save(self.mixed_x_file, np.array(mixed_x))
        np.save(self.mixed_y_file, np.array(mixed_y))
        self.preview_grid(xs[0:6], ys[0:6], self.split_name)
        self.preview_grid(mixed_x[0:6], mixed_y[0:6], 'mixed_' + self.split_name)
        print('arrays and labels of this split were written into {} as .npy'.format(
            self.arrays_dir))

    def load_arrays(self):
        # Reads the stored shuffled split back.
        xs = np.load(self.mixed_x_file)
        ys = np.load(self.mixed_y_file)
        return xs, ys

    def build_variants(self, variant_names):
        # One transformed copy of the whole split per variant name; ten names are
        # passed in.
        # Each copy is written into the variants folder.
        xs, ys = self.load_arrays()

        for name in variant_names:
            var_x = []
            var_y = []
            var_x_file = os.path.join(self.variants_dir,
                                      name + '_' + self.split_name + '_x.npy')
            var_y_file = os.path.join(self.variants_dir,
                                      name + '_' + self.split_name + '_y.npy')
            print("building variant {} over the whole split".format(name))
            for (one_x, one_y) in tqdm(zip(xs, ys)):
                if name == 'rot':
                    var_x.append(rotate(one_x, angle=65))
                    var_y.append(one_y)
                elif name == 'updown':
                    var_x.append(np.flipud(one_x))
                    var_y.append(one_y)
                elif name == 'mirror':
                    var_x.append(np.fliplr(one_x))
                    var_y.append(one_y)
                elif name == 'skew':
                    shear_tf = AffineTransform(shear=0.5)
                    var_x.append(warp(one_x, shear_tf, order=1, preserve_range=True, mode='wrap'))
                    var_y.append(one_y)
                elif name == 'rot_updown':
                    var_x.append(rotate(np.flipud(one_x), angle=65))
                    var_y.append(one_y)
                elif name == 'rot_mirror':
                    var_x.append(rotate(np.fliplr(one_x), angle=65))
                    var_y.append(one_y)
                elif name == 'rot_skew':
                    shear_tf = AffineTransform(shear=0.5)
                    var_x.append(rotate(warp(one_x, shear_tf, order=1, preserve_range=True, mode='wrap'), angle=65))
                    var_y.append(one_y)
                elif name == 'mirror_updown':
                    var_x.append(np.flipud(np.fliplr(one_x)))
                    var_y.append(one_y)
                elif name == 'skew_updown':
                    shear_tf = AffineTransform(shear=0.5)
                    var_x.append(np.flipud(warp(one_x, shear_tf, order=1, preserve_range=True, mode='wrap')))
                    var_y.append(one_y)
                elif name == 'skew_mirror':
                    shear_tf = AffineTransform(shear=0.5)
                    var_x.append(np.fliplr(warp(one_x, shear_tf, order=1, preserve_range=True, mode='wrap')))
                    var_y.append(one_y)
                else:
                    print('unknown variant name, skipped')
            var_x_arr = np.array(var_x)
            var_y_arr = np.array(var_y)
            np.save(var_x_file, var_x_arr)
            np.save(var_y_file, var_y_arr)
            self.preview_grid(var_x_arr[0:6], var_y_arr[0:6], self.split_name, True, name)

    def load_with_variants(self, variant_names):
        # Empty list: the stored split as it is. Otherwise the stored split plus
        # every named variant, all shuffled together.
        xs, ys = self.load_arrays()
        all_x = list(xs)
        all_y = list(ys)

        if len(variant_names) != 0:
            unused = 0
            msg = 'variants picked: '
            for name in variant_names:
                msg += name + '   '
            print(msg)
        else:
            print('no variant picked, the plain split is used')
        print(25*'=-')
        for name in variant_names:
            print('reading variant {} from {}.'.format(name, self.variants_dir))
            var_x_file = os.path.join(self.variants_dir,
                                      name + '_' + self.split_name + '_x.npy')
            var_y_file = os.path.join(self.variants_dir,
                                      name + '_' + self.split_name + '_y.npy')
            all_x += list(np.load(var_x_file))
            all_y += list(np.load(var_y_file))
        pairs = []
        for pair in zip(all_x, all_y):
            pairs.append(pair)
        random.shuffle(pairs)
        all_x = []
        all_y = []
        for (one_x, one_y) in pairs:
            all_x.append(one_x)
            all_y.append(one_y)

        all_x = np.array(all_x)
        all_y = np.array(all_y)
        print('{} variant(s) picked.'.format(len(variant_names)))

        print('the network will see an array of shape {}'.format(all_x.shape))

        return all_x, all_y

    def preview_grid(self, pics, pic_labels, split_tag, is_variant=False,
                     variant_name='rot'):
        # Writes a 2x3 grid of sample pictures into the previews folder; called
        # while building the split and while building variants.
        n_rows = 2
        n_cols = 3
        fig, grid = plt.subplots(n_rows, n_cols)
        k = 0
        for r in range(n_rows):
            for c in range(n_cols):
                grid[r, c].imshow(pics[k])
                grid[r, c].set_title(pic_labels[k])
                k += 1
        if not is_variant:
            png_name = split_tag + '.png'
        else:
            png_name = split_tag + '_' + variant_name + '_variant.png'
        png_name = os.path.join(self.previews_dir, png_name)
        plt.savefig(png_name)
        plt.close()
