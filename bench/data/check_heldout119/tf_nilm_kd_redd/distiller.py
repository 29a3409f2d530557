import numpy as np
import pandas as pd
import matplotlib.pyplot as plt
import os
import logging    # logging setup lives in the caller
import tensorflow.compat.v1.keras.backend as K
import tensorflow as tf
from tensorflow import keras


import warnings
warnings.filterwarnings("ignore")



class MentorPupil(keras.Model):
    def __init__(self, student,teacher):
        super(MentorPupil, self).__init__()
        self.student = student
        self.teacher = teacher


    @property
    def metrics(self):
        tracked = super().metrics
        return tracked
    def compile(self, optimizer,loss_fn, metrics,alpha):
        self.alpha = alpha
        super().compile(optimizer=optimizer, metrics=metrics, loss=loss_fn)


    def train_step(self, batch):
        xb, yb = batch

        mentor_out = self.teacher(xb, training=False)

        with tf.GradientTape() as tape:
            pupil_out = self.student(xb, training=True)  # pupil forward
            # blend of two regression targets

            loss_true = self.compiled_loss(yb,pupil_out,regularization_losses=self.losses,)
            loss_mentor = self.compiled_loss(mentor_out,pupil_out,regularization_losses=self.losses,)
            total=self.alpha*loss_mentor+(1-self.alpha)*loss_true


        # gradients for the pupil only
        params = self.student.trainable_variables
        grads = tape.gradient(total, params)

        # step
        self.optimizer.apply_gradients(zip(grads, params))

        # metric bookkeeping
        self.compiled_metrics.update_state(yb, pupil_out)

        out={m.name: m.result() for m in self.student.metrics}
        out.update({m.name: m.result() for m in self.student.metrics})
        return out

    def test_step(self, batch):
        xb, yb = batch
        # pupil forward only
        pupil_out = self.student(xb, training=False)
        # loss tracker update
        self.compiled_loss(yb, pupil_out, regularization_losses=self.losses)
        self.compiled_metrics.update_state(yb, pupil_out)
        return {m.name: m.result() for m in self.metrics}
