# source: https://github.com/larq/zoo/blob/03ea103bb58825ce32494a5df7cc3cf101a45478/larq_zoo/training/train.py + larq_zoo/training/knowledge_distillation/multi_stage_training.py + the R2B strong-baseline phase (memory issue: https://github.com/larq/zoo/issues/258)
# re-expressed for oomdoctor's check corpus: same calls and data flow, new names and text
import functools
import math
import os
from datetime import datetime
from pathlib import Path
from typing import Callable, List, Union

import larq as lq
import tensorflow as tf
from tensorflow import keras
from zookeeper import ComponentField, Field, task
from zookeeper.tf import Experiment

from larq_zoo.core import utils
from larq_zoo.literature.real_to_bin_nets import StrongBaselineNetBANFactory
from larq_zoo.training.datasets import ImageNet
from larq_zoo.training.learning_schedules import R2BStepSchedule


class ZooTrainingRun(Experiment):
    checkpointing: bool = Field(True)
    tensorboard: bool = Field(True)
    per_batch_progress: bool = Field(False)
    validate_every: int = Field(1)
    keep_weights: bool = Field(True)

    @Field
    def output_dir(self) -> Union[str, os.PathLike]:
        return (
            Path.home()
            / "zookeeper-logs"
            / self.dataset.__class__.__name__
            / self.__class__.__name__
            / datetime.now().strftime("%Y%m%d_%H%M")
        )

    @property
    def weights_path(self):
        return Path(self.output_dir) / "model"

    metrics: List[Union[Callable[[tf.Tensor, tf.Tensor], float], str]] = Field(
        lambda: ["sparse_categorical_accuracy", "sparse_top_k_categorical_accuracy"]
    )

    loss = Field("sparse_categorical_crossentropy")

    @Field
    def callbacks(self) -> List[tf.keras.callbacks.Callback]:
        hooks = []
        if self.checkpointing:
            hooks.append(utils.ModelCheckpoint(filepath=str(self.weights_path), save_weights_only=True))
        if hasattr(self, "learning_rate_schedule"):
            hooks.append(keras.callbacks.LearningRateScheduler(self.learning_rate_schedule))
        if self.tensorboard:
            hooks.append(keras.callbacks.TensorBoard(log_dir=self.output_dir, write_graph=False, profile_batch=0))
        return hooks

    def run(self):
        self.output_dir.mkdir(parents=True, exist_ok=True)

        first_epoch = utils.get_current_epoch(self.output_dir)

        train_ds, n_train = self.dataset.train(decoders=self.preprocessing.decoders)
        train_ds = (train_ds.cache()
                    .shuffle(10 * self.batch_size)
                    .repeat()
                    .map(functools.partial(self.preprocessing, training=True),
                         num_parallel_calls=tf.data.experimental.AUTOTUNE)
                    .batch(self.batch_size)
                    .prefetch(1))

        val_ds, n_val = self.dataset.validation(decoders=self.preprocessing.decoders)
        val_ds = (val_ds.cache()
                  .repeat()
                  .map(self.preprocessing, num_parallel_calls=tf.data.experimental.AUTOTUNE)
                  .batch(self.batch_size)
                  .prefetch(1))

        with utils.get_distribution_scope(self.batch_size):
            self.model.compile(optimizer=self.optimizer, loss=self.loss, metrics=self.metrics)
            lq.models.summary(self.model)
            if first_epoch > 0:
                self.model.load_weights(str(self.weights_path))

        self.model.fit(
            train_ds,
            epochs=self.epochs,
            steps_per_epoch=math.ceil(n_train / self.batch_size),
            validation_data=val_ds,
            validation_steps=math.ceil(n_val / self.batch_size),
            validation_freq=self.validate_every,
            verbose=1 if self.per_batch_progress else 2,
            initial_epoch=first_epoch,
            callbacks=self.callbacks,
        )

        if self.keep_weights:
            self.model.save(str(Path(self.output_dir) / f"{self.model.name}.h5"))
            self.model.save_weights(str(Path(self.output_dir) / f"{self.model.name}_weights.h5"))
            with open(Path(self.output_dir) / f"{self.model.name}.json", "w") as handle:
                handle.write(self.model.to_json())


class StagePhase(ZooTrainingRun):
    stage: int = Field()
    parent_output_dir: str = Field(allow_missing=True)

    def run(self):
        super().run()
        self.model.save_weights(str(Path(self.output_dir) / "student"))


@task
class StrongBaselineStageZero(StagePhase):
    stage = Field(0)

    dataset = ComponentField(ImageNet)

    learning_rate: float = Field(1e-3)
    learning_rate_decay: float = Field(0.1)
    epochs: int = Field(75)
    batch_size: int = Field(8)
    amount_of_images: int = Field(1281167)

    @property
    def steps_per_epoch(self):
        return self.amount_of_images // self.batch_size

    optimizer = Field(
        lambda self: tf.keras.optimizers.Adam(
            R2BStepSchedule(
                initial_learning_rate=self.learning_rate,
                steps_per_epoch=self.steps_per_epoch,
                decay_fraction=self.learning_rate_decay,
            )
        )
    )

    model = ComponentField(StrongBaselineNetBANFactory)


if __name__ == "__main__":
    StrongBaselineStageZero().run()
