import numpy as np
import numpy.ma as ma
import pandas as pd
import os
import gc
from tqdm import tqdm

from utils.imagegen import *
from utils.models import *
from utils.jpg_cache import *
from utils.batches import *
from utils.augmentation import *

# three-channel jpg tiles only; the multi-band variant lives elsewhere.

def write_submission(net, cutoffs, dim, tag_names, template_csv, out_csv, batcher):
    template = pd.read_csv(template_csv)
    test_tiles = read_test_tiles(template, dim)
    n_rows = template.shape[0]
    prob_file = out_csv + '.h5'
    pred_frame = predictions_frame(net, cutoffs, tag_names, test_tiles, batcher, prob_file);
    filled = fill_template(template, pred_frame)
    filled.to_csv(out_csv, index=False)
    print('wrote submission: {}'.format(out_csv))

def predictions_frame(net, cutoffs, tag_names, test_tiles, batcher, prob_file):
    # small batches keep host and GPU memory low; ResNet50 and VGG19 need the smaller ones.
    bs = 16 #64
    probs = tta_probabilities(test_tiles, net, bs, batcher)
    # keep the raw probabilities for ensembling later
    np.save(prob_file, probs)
    hard = to_binary(probs, cutoffs)
    frame = pd.DataFrame(hard, columns = tag_names)
    return frame

def fill_template(template, pred_frame):
    """Replace the tags column of the sample submission with the predicted tags"""
    rows = []
    for r in tqdm(range(pred_frame.shape[0]), miniters=1000):
        one = pred_frame.ix[[r]]
        one = one.transpose()
        one = one.loc[one[r] == 1]
        ' '.join(list(one.index))
        rows.append(' '.join(list(one.index)))
    template['tags'] = rows
    return template

def to_binary(probs, cutoffs):
    """probabilities to 0/1 per tag"""
    hard = (np.array(probs) > cutoffs).astype(int)
    return hard

def tta_probabilities(test_tiles, net, bs, batcher):
    """
        Four flips averaged at test time (a small F2 gain).
        bs: predict in small batches so the GPU copes
    """
    #print(test_tiles.shape)
    gen_a = batcher.testGen(test_tiles, bs)
    pred_a = net.predict_generator(gen_a, test_tiles.shape[0])

    gen_b = batcher.testGen(test_tiles, bs, tta_func=apply_tta_fliplr)
    pred_b = net.predict_generator(gen_b, test_tiles.shape[0])

    gen_c = batcher.testGen(test_tiles, bs, tta_func=apply_tta_flipud)
    pred_c = net.predict_generator(gen_c, test_tiles.shape[0])

    gen_d = batcher.testGen(test_tiles, bs, tta_func=apply_tta_flipboth)
    pred_d = net.predict_generator(gen_d, test_tiles.shape[0])

    probs = np.mean([pred_a, pred_b, pred_c, pred_d], axis=0)

    return probs
