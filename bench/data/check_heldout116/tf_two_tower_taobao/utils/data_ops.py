from utils.common import select_keys, int_lookup_for, split_on_buys
from config import make_logger, LOG_CSV
import pandas as pd
import tensorflow as tf

#  setup
log = make_logger(__name__)


def read_event_log():
    frame = pd.read_csv(LOG_CSV)
    return frame


def plain_datasets():
    frame = read_event_log()
    all_ds = tf.data.Dataset.from_tensor_slices(dict(frame[["user_id", "item_id", "behavior_type"]]))
    log.info(f"{len(all_ds)} events loaded")
    # per-tower views
    event_ds = select_keys(all_ds, ["user_id", "item_id", "behavior_type"])
    item_ds = select_keys(all_ds, ["item_id"])

    return frame, event_ds, item_ds


def context_datasets():
    frame = read_event_log()
    # split the timestamp into weekday and hour
    frame["day_of_week"] = pd.to_datetime(frame["time"].apply(lambda s: s.split(" ")[0])).dt.dayofweek
    frame["time"] = frame["time"].apply(lambda s: int(s.split(" ")[1]))

    all_ds = tf.data.Dataset.from_tensor_slices(
        dict(frame[["user_id", "item_id", "item_category", "time", "day_of_week", "behavior_type"]]))
    log.info(f"{len(all_ds)} events loaded")
    # per-tower views
    event_ds = select_keys(all_ds, ["user_id", "item_id", "item_category", "time", "day_of_week", "behavior_type"])
    item_ds = select_keys(all_ds, ["item_id", "item_category"])
    return frame, event_ds, item_ds
