import collections
import pandas as pd
from catalyst.dl import ConfigExperiment
from .dataset import CarMaskDataset
from .transforms import (
    pre_transforms, post_transforms, hard_transform, Compose
)

class CarvanaExperiment(ConfigExperiment):
    @staticmethod
    def build_pipeline(
        stage: str = None, mode: str = None, image_size: int = 256,
    ):
        resize_step = pre_transforms(image_size=image_size)
        if mode == "train":
            final_step = Compose([
                hard_transform(image_size=image_size),
                post_transforms()
            ])
        elif mode in ["valid", "infer"]:
            final_step = post_transforms()
        else:
            raise NotImplementedError()
        
        pipeline = Compose([resize_step, final_step])
        return pipeline
    def get_datasets(
        self,
        stage: str,
        in_csv_train: str = None,
        in_csv_valid: str = None,
        image_size: int = 256,
    ):
        splits = collections.OrderedDict()
        for csv_path, split_name in zip(
            (in_csv_train, in_csv_valid), ("train", "valid")
        ):
            table = pd.read_csv(csv_path)
            splits[split_name] = CarMaskDataset(
                table.to_dict('records'),
                pair_transform=self.build_pipeline(
                    stage=stage, mode=split_name, image_size=image_size
                ),
            )
        return splits
