
"""Entry point: one held-out fold of UrbanSound8K."""
# no CLI parsing
import pandas as pd
from tqdm import tqdm

from sound_classifier.training import make_net, run_one_fold
# plotting helper unused

import os
import sys
import pickle
import copy
import numpy as np




def entry():
    # epochs are fixed below


    pkl_path = "/content/drive/MyDrive/us8k/us8k_df.pkl"
    frame = pd.read_pickle(pkl_path)
    HELD_FOLD = 1
    RUNS = 1
    arch = 'cnn_hyp'

    histories = []
    label_sets = []
    for k in range(RUNS):
        hist, lab = run_one_fold(HELD_FOLD, frame, arch=arch, n_ep=100, n_workers=4)
        histories.append(hist)
        label_sets.append(lab)
    
    print("all runs finished")
        
    truth_all = []
    pred_all = []

    for k in range(len(histories)):
        best_ep = np.argmax(histories[k]['val_accuracy'])
        t_best = label_sets[k]['truth'][best_ep]
        p_best = label_sets[k]['preds'][best_ep]
    
        truth_all.extend(t_best)
        pred_all.extend(p_best)

    truth_all = np.array(truth_all)
    pred_all = np.array(pred_all)

    hist_dir = "/content/run_out/history"

    lab_dir = "/content/run_out/labels"

    out_file = os.path.join(hist_dir, f"history{HELD_FOLD}.pkl")

    with open(out_file, "wb") as fh:
        pickle.dump(histories, fh)


    out_file = os.path.join(lab_dir, f"labels{HELD_FOLD}.pkl")

    with open(out_file, "wb") as fh:
        pickle.dump({"y_true": truth_all, "y_pred": pred_all}, fh)


if __name__ == "__main__":
    entry()
