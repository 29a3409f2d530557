from __future__ import annotations

import pickle
from typing import Union

import numpy as np
import torch
from torch.utils.data import Dataset

from datasets.sampler import Sampler
from datasets.transform_wrappers import TransformsDict, PoseTransform, TransformsList
from preprocessing.normalizations import no_norm
from shared.helpers import flatten_list


def order_needed_transforms(feats: Union[list[str], list[list[str]]]):
    """
    Return, in execution order, every transform the requested features depend on
    """
    needed = set()
    todo = flatten_list(feats)[:]
    while todo:
        name = todo.pop(0)
        needed.add(name)
        tr = TransformsDict[name]
        deps = tr.requires
        for dep in deps:
            if dep.name not in needed:
                todo.append(dep.name)
            needed.add(dep.name)
    needed = sorted(needed, key=lambda n: TransformsList.index(TransformsDict[n]))
    return needed


def to_stgcn_layout(feat_dict: dict, feats: list):
    parts = [feat_dict[k] for k in feats]
    parts = np.concatenate(parts, axis=-1)
    # add the missing second body
    if parts.ndim == 4:
        M, T, V, C = parts.shape
        if M == 1:
            two = np.zeros((2, T, V, C), dtype=np.float32)
            two[0, ...] = parts
            parts = two
    elif parts.ndim > 4:
        *R, M, T, V, C = parts.shape
        if M == 1:
            two = np.zeros((*R, 2, T, V, C), dtype=np.float32)
            two[..., 0, np.newaxis, :, :, :] = parts
            parts = two
    return parts


def to_tpgcn_layout(feat_dict: dict, feats: list, symmetry: bool, copy_pad: bool):
    joints = feat_dict['joints']
    if joints.ndim == 4:
        return build_branches(feat_dict, feats, joints, symmetry, copy_pad)
    else:
        # sampler added a leading clip axis
        per_clip = []
        for s in range(joints.shape[0]):
            br = build_branches(feat_dict, feats, joints, symmetry, copy_pad, s)
            per_clip.append(br)
        stacked = np.stack(per_clip)
        return stacked


def build_branches(feat_dict: dict, feats: list, joints,
                   symmetry: bool, copy_pad: bool, s: int = None):
    # branch count
    B = len(feats)
    # channels per branch
    C = sum([feat_dict[k].shape[-1] for k in feats[0]])
    *_, T, V, _ = joints.shape
    M = 2 if symmetry else 1
    out = np.zeros((B, C, T, V * 2, M), dtype=np.float32)
    for b, names in enumerate(feats):
        if s is not None:
            pieces = [feat_dict[k][s] for k in names]
        else:
            pieces = [feat_dict[k] for k in names]
        pieces = np.concatenate(pieces, axis=-1)
        pieces = pieces.transpose(3, 1, 2, 0)  # C, T, V, M
        if pieces.shape[-1] == 1:
            if copy_pad:
                pieces = np.concatenate([pieces, pieces], -1)
            else:
                # zero second body
                two = np.zeros((C, T, V, 2), dtype=np.float32)
                two[..., 0] = pieces[..., 0]
                pieces = two
        out[b, :, :, :V, 0] = pieces[..., :, 0]
        out[b, :, :, V:, 0] = pieces[..., :, 1]
        if symmetry:
            out[b, :, :, V:, 1] = pieces[..., :, 0]
            out[b, :, :, :V, 1] = pieces[..., :, 1]
    return out


class PoseDataset(Dataset):
    def __init__(self, data_file: str, feature_list: Union[list[str], list[list[str]]],
                 sampler: Sampler, augments: list = (), symmetry: bool = False, norm_func=no_norm,
                 return_info: bool = False, copy_pad: bool = False):
        with open(data_file, "rb") as fh:
            blob = pickle.load(fh)
        # blob holds per-sample lists: "action", "poseXY", "poseConf", "dataset_info"
        self.labels = blob['action']
        self.points = blob['poseXY']
        self.dataset_info = blob['dataset_info']

        self.confidences = blob['poseConf']
        self.image_shape = blob.get("im_shape", (1920, 1080))
        self.skeleton_type = blob.get("skeleton_type", "coco17")

        self.sampler = sampler
        self.augments = augments

        self.symmetry = symmetry  # mirrored second body for 2P-GCN
        self.feature_list = feature_list
        self.flat_feature_list = flatten_list(feature_list)

        assert len(self.labels) == len(self.points)
        self.transforms: dict[str, PoseTransform] = {k: v(self.skeleton_type) for k, v in TransformsDict.items()}

        self.required_transforms = order_needed_transforms(self.feature_list)

        for f in self.flat_feature_list:
            if f not in self.transforms.keys():
                raise ValueError(f"unknown feature {f}")

        distinct = list(sorted(set(self.labels)))
        self.label_translation = {a: i for i, a in enumerate(distinct)}
        self.norm_func = norm_func
        self.return_info = return_info
        self.copy_pad = copy_pad

    def num_classes(self):
        return len(self.label_translation)

    def __len__(self):
        return len(self.labels)

    def __getitem__(self, i):
        action = self.labels[i]
        pts = self.points[i]
        # normalise
        pts = self.norm_func(pts)

        # augment
        for aug in self.augments:
            pts = aug(pts)

        # temporal sampling
        feats = self.sampler(pts)
        if isinstance(feats, list):
            feats = np.stack(feats)

        # derived features
        feat_dict = {"joints": feats}
        for name in self.required_transforms:
            self.transforms[name](feat_dict)

        # assemble network input
        if isinstance(self.feature_list[0], str):
            feats = to_stgcn_layout(feat_dict, self.feature_list)

        if isinstance(self.feature_list[0], list):
            feats = to_tpgcn_layout(feat_dict, self.feature_list, self.symmetry, self.copy_pad)

        feats = torch.from_numpy(feats).float()
        if self.return_info:
            return feats, self.label_translation[action], action, i, self.dataset_info[i]
        else:
            return feats, self.label_translation[action], action
