import os
import os.path as osp

import numpy as np

from .seqset import SeqSet


def load_data(dataset_path, resolution, dataset, pid_num, pid_shuffle, cache=True):
    seq_dirs = list()
    views = list()
    conds = list()
    subjects = list()

    for subj in sorted(list(os.listdir(dataset_path))): # one folder per person
        # # CASIA-B subject 005 is incomplete upstream;
        # # it used to be skipped here.
        # if dataset == 'CASIA-B' and subj == '005':
        #     continue
        subj_dir = osp.join(dataset_path, subj).replace("\\", "/")
        for cond in sorted(list(os.listdir(subj_dir))): # walking condition
            cond_dir = osp.join(subj_dir, cond).replace("\\", "/")
            for vw in sorted(list(os.listdir(cond_dir))): # camera view, here 0 3 6 9
                leaf = osp.join(cond_dir, vw).replace("\\", "/")
                frames = os.listdir(leaf)
                # print(leaf)
                if len(frames) > 0:
                    seq_dirs.append([leaf])
                    subjects.append(subj)
                    conds.append(cond)
                    views.append(vw)

    split_file = osp.join('partition', '{}_{}_{}.npy'.format(dataset, pid_num, pid_shuffle))
    if not osp.exists(split_file):
        ids = sorted(list(set(subjects)))
        if pid_shuffle:
            np.random.shuffle(ids)
        ids = [ids[0:pid_num], ids[pid_num:]]
        os.makedirs('partition', exist_ok=True)
        np.save(split_file, ids)

    ids = np.load(split_file, allow_pickle=True)
    fit_ids = ids[0]
    eval_ids = ids[1]

    fit_src = SeqSet(
        [seq_dirs[i] for i, s in enumerate(subjects) if s in fit_ids],
        [subjects[i] for i, s in enumerate(subjects) if s in fit_ids],
        [conds[i] for i, s in enumerate(subjects) if s in fit_ids],
        [views[i] for i, s in enumerate(subjects) if s in fit_ids],
        cache, resolution)
    # print("fit entries:",
    #     [seq_dirs[i] for i, s in enumerate(subjects) if s in fit_ids],
    #     [subjects[i] for i, s in enumerate(subjects) if s in fit_ids],
    #     [conds[i] for i, s in enumerate(subjects) if s in fit_ids],
    #     [views[i] for i, s in enumerate(subjects) if s in fit_ids],
    #     )

    eval_src = SeqSet(
        [seq_dirs[i] for i, s in enumerate(subjects) if s in eval_ids],
        [subjects[i] for i, s in enumerate(subjects) if s in eval_ids],
        [conds[i] for i, s in enumerate(subjects) if s in eval_ids],
        [views[i] for i, s in enumerate(subjects) if s in eval_ids],
        cache, resolution)

    return fit_src, eval_src
