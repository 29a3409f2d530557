import numpy as np
import skvideo.io
import skimage.transform
import csv
import collections
import os

def readShortVideo(vid_root, category, stem, every_n=12, out_shape=(224,224,3)):
    '''
    @param vid_root: folder that holds the videos
    @param category: category sub-folder (from the csv)
    @param stem: name prefix of the video file (from the csv)
    @param every_n: keep one frame in every_n (12 gives about 2 frames per second)
    @param out_shape: size every kept frame is resized to

    @return: array (T, H, W, 3) of the kept frames
    '''

    folder = vid_root + '/' + category
    matches = [f for f in os.listdir(folder) if f.startswith(stem)]
    vid_file = os.path.join(folder,matches[0])

    stream = skvideo.io.vreader(vid_file)
    kept = []
    for n, fr in enumerate(stream):
        if n % every_n == 0:
            fr = skimage.transform.resize(fr, out_shape, mode='constant', preserve_range=True, anti_aliasing=True).astype(np.float64)
            kept.append(fr)
        else:
            continue

    return np.array(kept).astype(np.float64)


def getVideoList(csv_file):
    '''
    @param csv_file: path of the label csv

    @return: ordered dict of csv columns to lists {'Action_labels', 'Nouns', 'End_times', 'Start_times', 'Video_category', 'Video_index', 'Video_name'}
    '''
    cols = {}

    with open (csv_file) as f:
        rows = csv.DictReader(f)
        for rec in rows:
            for key, val in rec.items():
                cols.setdefault(key,[]).append(val)

    ordered = collections.OrderedDict(sorted(cols.items()))
    return ordered
