import os

SPLIT_RATIO = 0.2
BATCH_SIZE = 4
LEARNING_RATE = 0.001
EPOCH = 5
GLOBAL_CLIPNORM = 10.0


label_names = [
    "without_mask",
    "with_mask",
    "mask_weared_incorrect"
]
class_mapping = dict(zip(range(len(label_names)), label_names))


# folders of the pictures and of the VOC xml files
path_images = "./data/images"
path_annot = "./data/annotations"


# every xml file of path_annot, sorted
xml_files = sorted(
    [
        os.path.join(path_annot, fname)
        for fname in os.listdir(path_annot)
        if fname.endswith(".xml")
    ]
)
