from typing import Dict, Text, Union, List

import numpy as np
import tensorflow as tf
import pandas as pd
from models.recomender_model import TwoTowerPlain
from models.recomender_model_item_features import TwoTowerWithContext
from utils.data_ops import plain_datasets, context_datasets
from utils.common import split_on_buys
from config import make_logger, hyper_params,  LOG_CSV

VARIANT = ["plain", "context"][1]

# setup
log = make_logger(__name__)
tf.random.set_seed(42)
np.random.seed(42)

hp = hyper_params(VARIANT)
log.info(f"training variant {VARIANT}")

if VARIANT == "plain":
    frame, event_ds, item_ds = plain_datasets()
    # integer vocabularies for both towers
    uid_lookup, iid_lookup = TwoTowerPlain.get_lookup_layers(frame)
    # the retrieval model
    net = TwoTowerPlain(uid_lookup,
                        iid_lookup,
                        item_ds,
                        dense_layers=hp["dense_layers"])
else:
    frame, event_ds, item_ds = context_datasets()
    (uid_lookup,
     iid_lookup,
     cat_lookup,
     hour_lookup,
     weekday_lookup) = TwoTowerWithContext.get_lookup_layers(frame)
    net = TwoTowerWithContext(uid_lookup,
                              iid_lookup,
                              cat_lookup,
                              hour_lookup,
                              weekday_lookup,
                              item_ds,
                              dense_layers=hp["dense_layers"]
                              )

# fitting and scoring
# split purchases into fit / held parts
fit_ds, held_ds = split_on_buys(event_ds, hp["train_test_split"])
fit_batches = fit_ds.batch(hp["defaults"]["batch_size"]).cache()
held_batches = held_ds.batch(hp["defaults"]["batch_size"]).cache()
net.compile(optimizer=tf.keras.optimizers.Adam(learning_rate=hp["learning_rate"]))
stoppers = [tf.keras.callbacks.EarlyStopping(patience=hp["early_stopping_patience"])]

# train
hist = net.fit(fit_batches, epochs=hp["epochs"],
               validation_data=held_batches,
               callbacks=stoppers,
               validation_freq=hp["validation_freq"])

# top-k retrieval metrics
fit_scores = net.evaluate(fit_batches, return_dict=True)
held_scores = net.evaluate(held_batches, return_dict=True)

# record the run
summary = {
    "desc": f"every user, {VARIANT} towers with dense layers, buy-only held set",
    "eval": held_scores,
    "eval_train": fit_scores,
    "data": {"n_train": len(fit_ds), "n_test": len(held_ds), "path": LOG_CSV},
    "params": hp
}

log.info(summary)
log.info("finished")
