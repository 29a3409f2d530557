import moviepy.editor as mpy
import numpy as np
import os
from PIL import Image, ImageDraw, ImageFilter
import pandas as pd
import matplotlib.pyplot as plt


class PoseClips:
    def __init__(self, img_dir, labels_h5):
        self.root = img_dir
        self.names= self.ordered_names(img_dir)
        self.rows = self.rows_of(pd.read_hdf(labels_h5))
        self.images = self.read_images(self.root, self.names)
        #self.maps = [self.part_maps(r) for r in self.rows]
        self.part_stacks = [self.stack_maps(self.part_maps(r)) for r in self.rows]
        self.merged_maps = [self.merged_map(r) for r in self.rows]

        '''
        images:  chunks[chunk][frame]
        maps:    chunks[chunk][frame][part]['heatmap']
        '''
        self.dataset = self.chunk_all(self.images, self.part_stacks, self.merged_maps)
        self.mid_maps = self.middle_maps(self.dataset['y'])
        self.second_dataset = self.pair_up(self.dataset['y'], self.mid_maps)

    def ordered_names(self, img_dir):
        entries = os.listdir(img_dir)
        ordered = []
        for n in range(len(entries)):
            hit = [e for e in entries if int(e.split('.')[0].split('image')[-1]) == n]
            ordered.append(hit[0])
        return ordered

    def part_maps(self, row,  rad = 3, cutoff = 0):
        who= row[1].index.get_level_values(0)[0]
        parts = list(np.unique(row[1].index.get_level_values(1)))
        canvases = [np.zeros([550, 560, 3], dtype=np.uint8)]*len(parts)
        for p_idx, part in enumerate(parts):
            canvas = Image.fromarray(canvases[p_idx])
            pen = ImageDraw.Draw(canvas)
            if row[1][who][part]['likelihood'] > cutoff:
                cx = int(row[1][who][part]['x'])
                cy = int(row[1][who][part]['y'])
                pen.ellipse((cx-rad, cy-rad, cx+rad, cy+rad), fill=(255,255,255,255))
            canvas = canvas.filter(ImageFilter.GaussianBlur())
            canvas = canvas.resize((224,224))
            canvases[p_idx] = {'heatmap': np.asanyarray(canvas.convert('L'), dtype='uint8'), 'id':part}
        return canvases

    def merged_map(self, row, rad = 3, cutoff = 0):
        who= row[1].index.get_level_values(0)[0]
        parts = list(np.unique(row[1].index.get_level_values(1)))
        canvas = np.zeros([550, 560, 3], dtype=np.uint8)
        canvas = Image.fromarray(canvas)
        pen = ImageDraw.Draw(canvas)
        for p_idx, part in enumerate(parts):
            if row[1][who][part]['likelihood'] > cutoff:
                cx = int(row[1][who][part]['x'])
                cy = int(row[1][who][part]['y'])
                pen.ellipse((cx-rad, cy-rad, cx+rad, cy+rad), fill=(255,255,255,255))
        canvas = canvas.filter(ImageFilter.GaussianBlur())
        canvas = canvas.resize((224,224))
        return  np.asanyarray(canvas.convert('L'), dtype='uint8')


    def rows_of(self, table):
        return [r for r in table.iterrows()]

    def read_images(self, root, names):
        return [np.asanyarray(Image.open(os.path.join(root, n)).resize((224,224)), dtype='uint8') for n in names]

    def show_sample(self, image, maps):
        def draw_one(ax, img,  fontsize=12):
            try:
                ax.imshow(img['heatmap'])
                ax.set_title(img['id'])
                ax.axis('off')
            except:
                ax.imshow(img)
                ax.axis('off')
        plt.close('all')
        plt.figure(figsize=(10,10))

        a1 = plt.subplot2grid((5,4), (0,0))
        a2 = plt.subplot2grid((5,4), (2,0))
        a3 = plt.subplot2grid((5,4), (4,0))
        a4 = plt.subplot2grid((5,4), (0,3))
        a5 = plt.subplot2grid((5,4), (2,3))
        a6 = plt.subplot2grid((5,4), (4,3))
        a7 = plt.subplot2grid((5,4), (1, 1), rowspan = 3, colspan = 2)

        draw_one(a1, maps[3])
        draw_one(a2, maps[4])
        draw_one(a3, maps[5])
        draw_one(a4, maps[0])
        draw_one(a5, maps[1])
        draw_one(a6, maps[2])
        draw_one(a7, image)

        plt.tight_layout()

    def chunk_all(self, images, maps, merged, size=387):
        img_chunks = np.array_split(images, size)
        map_chunks = np.array_split(maps, size)
        merged_chunks = np.array_split(merged, size)
        return {'x' : img_chunks, 'y': map_chunks, 'y1': merged_chunks}

    def stack_maps(self, entries):
        planes = []
        for e in entries:
            planes.append(e['heatmap'])
        stacked = np.asarray(planes, dtype = 'uint8')
        return stacked

    def middle_maps(self, maps):
        mid = maps[-1].shape[0]//2
        return [chunk[mid] for chunk in maps]

    def pair_up(self, maps, mid_maps):
        return{'x': maps, 'y': mid_maps}



class ClipForInference:
    def __init__(self, path):
        self.path = path
        self.name = self.path.rsplit("\\")[-1].split(".")[0]
        self.clip = mpy.VideoFileClip(self.path).resize((224,224))
        self.predict_data = np.asarray(self.cut_into_windows(self.clip)[:-1])

    def cut_into_windows(self, clip, per_window=5):
        # every frame of the clip
        all_frames = [f for f in clip.iter_frames()]

        # windows of per_window frames
        windows = [all_frames[k * per_window:(k + 1) * per_window] for k in range((len(all_frames) + per_window - 1) // per_window )]
        return windows
