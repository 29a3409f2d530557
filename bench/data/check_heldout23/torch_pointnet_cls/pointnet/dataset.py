from __future__ import print_function
import torch.utils.data as data
import os
import os.path
import torch
import numpy as np
import sys
from tqdm import tqdm 
import json
from plyfile import PlyData, PlyElement

def count_part_classes(root_dir):
    category_file = os.path.join(root_dir, 'synsetoffset2category.txt')
    category_map = {}
    files_by_category = {}

    with open(category_file, 'r') as f:
        for line in f:
            fields = line.strip().split()
            category_map[fields[0]] = fields[1]

    for cat_key in category_map:
        label_dir = os.path.join(root_dir, category_map[cat_key], 'points_label')
        points_dir = os.path.join(root_dir, category_map[cat_key], 'points')
        point_files = sorted(os.listdir(points_dir))
        files_by_category[cat_key] = []
        for path_pair in point_files:
            shape_id = (os.path.splitext(os.path.basename(path_pair))[0])
            files_by_category[cat_key].append((os.path.join(points_dir, shape_id + '.pts'), os.path.join(label_dir, shape_id + '.seg')))
    
    with open(os.path.join(os.path.dirname(os.path.realpath(__file__)), '../misc/num_seg_classes.txt'), 'w') as f:
        for cat_key in category_map:
            sample_paths = []
            n_part_classes = 0
            for path_pair in files_by_category[cat_key]:
                sample_paths.append((cat_key, path_pair[0], path_pair[1]))

            for k_i in tqdm(range(len(sample_paths))):
                n_unique = len(np.unique(np.loadtxt(sample_paths[k_i][-1]).astype(np.uint8)))
                if n_unique > n_part_classes:
                    n_part_classes = n_unique

            print("{}: {} part labels".format(cat_key, n_part_classes))
            f.write("{}\t{}\n".format(cat_key, n_part_classes))

def write_modelnet_ids(root_dir):
    class_names = []
    with open(os.path.join(root_dir, 'train.txt'), 'r') as f:
        for line in f:
            class_names.append(line.strip().split('/')[0])
    class_names = np.unique(class_names)
    with open(os.path.join(os.path.dirname(os.path.realpath(__file__)), '../misc/modelnet_id.txt'), 'w') as f:
        for k_i in range(len(class_names)):
            f.write('{}\t{}\n'.format(class_names[k_i], k_i))

class ShapeNetPartsDataset(data.Dataset):
    def __init__(self,
                 root_dir,
                 n_points=2500,
                 for_classification=False,
                 chosen_classes=None,
                 split_name='train',
                 augment=True):
        self.n_points = n_points
        self.root_dir = root_dir
        self.category_file = os.path.join(self.root_dir, 'synsetoffset2category.txt')
        self.category_map = {}
        self.augment = augment
        self.for_classification = for_classification
        self.part_class_counts = {}
        
        with open(self.category_file, 'r') as f:
            for line in f:
                fields = line.strip().split()
                self.category_map[fields[0]] = fields[1]
        # (category map could be printed here)
        if not chosen_classes is None:
            self.category_map = {k: v for k, v in self.category_map.items() if k in chosen_classes}

        self.name_of_id = {v: k for k, v in self.category_map.items()}

        self.files_by_category = {}
        split_file = os.path.join(self.root_dir, 'train_test_split', 'shuffled_{}_file_list.json'.format(split_name))
        # the split file lists "shape_data/<category>/<uuid>"
        listed_files = json.load(open(split_file, 'r'))
        for cat_key in self.category_map:
            self.files_by_category[cat_key] = []

        for entry in listed_files:
            _, category, shape_uuid = entry.split('/')
            if category in self.category_map.values():
                self.files_by_category[self.name_of_id[category]].append((os.path.join(self.root_dir, category, 'points', shape_uuid+'.pts'),
                                        os.path.join(self.root_dir, category, 'points_label', shape_uuid+'.seg')))

        self.sample_paths = []
        for cat_key in self.category_map:
            for path_pair in self.files_by_category[cat_key]:
                self.sample_paths.append((cat_key, path_pair[0], path_pair[1]))

        self.class_ids = dict(zip(sorted(self.category_map), range(len(self.category_map))))
        print(self.class_ids)
        with open(os.path.join(os.path.dirname(os.path.realpath(__file__)), '../misc/num_seg_classes.txt'), 'r') as f:
            for line in f:
                fields = line.strip().split()
                self.part_class_counts[fields[0]] = int(fields[1])
        self.n_part_classes = self.part_class_counts[list(self.category_map.keys())[0]]
        print(self.part_class_counts, self.n_part_classes)

    def __getitem__(self, idx):
        path_pair = self.sample_paths[idx]
        class_id = self.class_ids[self.sample_paths[idx][0]]
        point_set = np.loadtxt(path_pair[1]).astype(np.float32)
        part_labels = np.loadtxt(path_pair[2]).astype(np.int64)
        # one row per point, one part id per point

        pick = np.random.choice(len(part_labels), self.n_points, replace=True)
        # draw n_points with replacement
        point_set = point_set[pick, :]

        point_set = point_set - np.expand_dims(np.mean(point_set, axis = 0), 0) # zero mean
        radius = np.max(np.sqrt(np.sum(point_set ** 2, axis = 1)),0)
        point_set = point_set / radius # fit in the unit ball

        if self.augment:
            angle = np.random.uniform(0,np.pi*2)
            rot = np.array([[np.cos(angle), -np.sin(angle)],[np.sin(angle), np.cos(angle)]])
            point_set[:,[0,2]] = point_set[:,[0,2]].dot(rot) # spin about the up axis
            point_set += np.random.normal(0, 0.02, size=point_set.shape) # small gaussian noise

        part_labels = part_labels[pick]
        point_set = torch.from_numpy(point_set)
        part_labels = torch.from_numpy(part_labels)
        class_id = torch.from_numpy(np.array([class_id]).astype(np.int64))

        if self.for_classification:
            return point_set, class_id
        else:
            return point_set, part_labels

    def __len__(self):
        return len(self.sample_paths)

class ModelNetPlyDataset(data.Dataset):
    def __init__(self,
                 root_dir,
                 n_points=2500,
                 split_name='train',
                 augment=True):
        self.n_points = n_points
        self.root_dir = root_dir
        self.split_name = split_name
        self.augment = augment
        self.file_list = []
        with open(os.path.join(root_dir, '{}.txt'.format(self.split_name)), 'r') as f:
            for line in f:
                self.file_list.append(line.strip())

        self.category_map = {}
        with open(os.path.join(os.path.dirname(os.path.realpath(__file__)), '../misc/modelnet_id.txt'), 'r') as f:
            for line in f:
                fields = line.strip().split()
                self.category_map[fields[0]] = int(fields[1])

        print(self.category_map)
        self.class_ids = list(self.category_map.keys())

    def __getitem__(self, idx):
        path_pair = self.file_list[idx]
        class_id = self.category_map[path_pair.split('/')[0]]
        with open(os.path.join(self.root_dir, path_pair), 'rb') as f:
            ply = PlyData.read(f)
        xyz_all = np.vstack([ply['vertex']['x'], ply['vertex']['y'], ply['vertex']['z']]).T
        pick = np.random.choice(len(xyz_all), self.n_points, replace=True)
        point_set = xyz_all[pick, :]

        point_set = point_set - np.expand_dims(np.mean(point_set, axis=0), 0)  # zero mean
        radius = np.max(np.sqrt(np.sum(point_set ** 2, axis=1)), 0)
        point_set = point_set / radius  # fit in the unit ball

        if self.augment:
            angle = np.random.uniform(0, np.pi * 2)
            rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
            point_set[:, [0, 2]] = point_set[:, [0, 2]].dot(rot)  # spin about the up axis
            point_set += np.random.normal(0, 0.02, size=point_set.shape)  # small gaussian noise

        point_set = torch.from_numpy(point_set.astype(np.float32))
        class_id = torch.from_numpy(np.array([class_id]).astype(np.int64))
        return point_set, class_id


    def __len__(self):
        return len(self.file_list)

if __name__ == '__main__':
    which = sys.argv[1]
    sample_paths = sys.argv[2]

    if which == 'shapenet':
        ds = ShapeNetPartsDataset(root_dir = sample_paths, chosen_classes = ['Chair'])
        print(len(ds))
        pts_out, part_labels = ds[0]
        print(pts_out.size(), pts_out.type(), part_labels.size(),part_labels.type())

        ds = ShapeNetPartsDataset(root_dir = sample_paths, for_classification = True)
        print(len(ds))
        pts_out, class_id = ds[0]
        print(pts_out.size(), pts_out.type(), class_id.size(),class_id.type())
        # (part label counts can be regenerated with count_part_classes)

    if which == 'modelnet':
        write_modelnet_ids(sample_paths)
        ds = ModelNetPlyDataset(root_dir=sample_paths)
        print(len(ds))
        print(ds[0])

