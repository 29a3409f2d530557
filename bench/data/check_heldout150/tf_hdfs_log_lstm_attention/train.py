"""
Block-level anomaly detector for HDFS logs

Trains a recurrent network with an attention pooling layer on the
event sessions of HDFS blocks and reports how well it separates them.

Background in brief:
- HDFS: the Hadoop file system, which spreads big files over many nodes
- an anomaly here is a block whose event trail looks unusual
- LSTM: a recurrent layer that reads a sequence step by step
- attention: learned weights that decide which steps matter most
"""

# third-party imports
import numpy as np              # arrays
import pandas as pd             # tables
import matplotlib.pyplot as plt # figures
import seaborn as sns           # heatmaps
import os                       # paths and env
import tensorflow as tf         # the network
import joblib
import pickle


# quieter oneDNN messages (optional)
os.environ['TF_ENABLE_ONEDNN_OPTS'] = '0'

# Keras building blocks
from tensorflow.keras.models import Model
from tensorflow.keras.layers import Input, LSTM, Dense, Embedding, Layer
from tensorflow.keras.preprocessing.sequence import pad_sequences
from tensorflow.keras.utils import to_categorical
from tensorflow.keras.models import load_model
from sklearn.model_selection import train_test_split
from sklearn.preprocessing import LabelEncoder
from sklearn.metrics import classification_report, confusion_matrix

# project input pipeline
from datasets.Preprocessing import load_inputs

# build (or reuse) the padded sessions
seq_arr, labels, n_events, event_enc, sessions = load_inputs()

print("Imports done")
print("-------------------------------------------")

class AttnPool(Layer):
    """
    Attention pooling over the time axis
    
    Idea:
    - score every time step of the recurrent output
    - turn the scores into weights that sum to one
    - return the weighted sum instead of only the last step
    
    Plainly:
    the layer learns which events in a session deserve
    the most weight when judging the block.
    """
    
    def __init__(self, **kwargs):
        """Set up the layer"""
        super(AttnPool, self).__init__(**kwargs)
    
    def build(self, input_shape):
        """
        Create the scoring parameters
        
        Params:
        - W: projects each step to one score
        - b: per-step offset of the score
        """
        # projection weights
        self.W = self.add_weight(
            name="Attention_Weight",
            shape=(input_shape[-1], 1),  # (hidden units, 1)
            initializer="random_normal",
            trainable=True
        )
        # per-step offsets
        self.b = self.add_weight(
            name="Attention_Bias", 
            shape=(input_shape[1], 1),   # (time steps, 1)
            initializer="zeros",
            trainable=True
        )
        super(AttnPool, self).build(input_shape)
    
    def call(self, x):
        """
        Pool the sequence with learned weights
        
        How:
        1. score each step
        2. softmax the scores over time
        3. sum the steps with those weights
        """
        # scores = tanh(xW + b)
        scores = tf.tanh(tf.matmul(x, self.W) + self.b)
        scores = tf.squeeze(scores, axis=-1)  # drop the trailing axis
        
        # weights over time
        w = tf.nn.softmax(scores, axis=1)
        self.attention_weights = w
        
        # weighted sum over the steps
        pooled = tf.reduce_sum(tf.expand_dims(w, -1) * x, axis=1)
        return pooled
    
    def get_attention_weights(self):
        """Weights from the last call, for plotting"""
        return self.attention_weights

def build_detector(n_events, seq_width, emb_dim=64, hidden=128):
    """
    Assemble the embedding-LSTM-attention detector
    
    Layers:
    1. Embedding: event code -> vector
    2. LSTM: reads the session
    3. AttnPool: weighs the steps
    4. Dense: outputs P(anomaly)
    
    Args:
    - n_events: number of distinct event codes
    - seq_width: padded session length
    - emb_dim: embedding width
    - hidden: LSTM width
    """
    print(f"Detector settings:")
    print(f"- event codes: {n_events}")
    print(f"- session width: {seq_width}")
    print(f"- embedding width: {emb_dim}")
    print(f"- LSTM width: {hidden}")
    
    # integer session input
    inp = Input(shape=(seq_width,), name="event_sequence")
    
    # embedding lookup for each code
    # each event code gets its own learned vector
    h = Embedding(
        input_dim=n_events,           # distinct codes
        output_dim=emb_dim,       # vector width
        input_length=seq_width,        # session width
        name="event_embedding"
    )(inp)
    
    # recurrent pass over the session
    # keep every step so the pooling can weigh them
    steps = LSTM(
        hidden, 
        return_sequences=True,          # all steps out
        name="lstm_processor"
    )(h)
    
    # pool the steps
    attn = AttnPool(name="attention_mechanism")
    pooled = attn(steps)
    
    # one sigmoid unit for the verdict
    out = Dense(
        1, 
        activation="sigmoid",           # probability in [0, 1]
        name="anomaly_prediction"
    )(pooled)
    
    # wire it up
    net = Model(inputs=inp, outputs=out, name="HDFS_Anomaly_Detector")
    
    # optimiser, loss and metrics
    net.compile(
        optimizer="adam",               # adaptive steps
        loss="binary_crossentropy",    # two classes
        metrics=["accuracy", "precision", "recall"]
    )
    
    return net, attn

def plot_curves(hist):
    """
    Draw the per-epoch curves of the run
    
    Useful to see:
    - whether the loss falls
    - whether validation drifts away from training
    """
    fig, ax = plt.subplots(2, 2, figsize=(15, 10))
    
    # accuracy
    ax[0, 0].plot(hist.history['accuracy'], label='train acc')
    ax[0, 0].plot(hist.history['val_accuracy'], label='val acc')
    ax[0, 0].set_title('Accuracy')
    ax[0, 0].set_xlabel('epoch')
    ax[0, 0].set_ylabel('accuracy')
    ax[0, 0].legend()
    
    # loss
    ax[0, 1].plot(hist.history['loss'], label='train loss')
    ax[0, 1].plot(hist.history['val_loss'], label='val loss')
    ax[0, 1].set_title('Loss')
    ax[0, 1].set_xlabel('epoch')
    ax[0, 1].set_ylabel('loss')
    ax[0, 1].legend()
    
    # precision
    ax[1, 0].plot(hist.history['precision'], label='train precision')
    ax[1, 0].plot(hist.history['val_precision'], label='val precision')
    ax[1, 0].set_title('Precision')
    ax[1, 0].set_xlabel('epoch')
    ax[1, 0].set_ylabel('precision')
    ax[1, 0].legend()
    
    # recall
    ax[1, 1].plot(hist.history['recall'], label='train recall')
    ax[1, 1].plot(hist.history['val_recall'], label='val recall')
    ax[1, 1].set_title('Recall')
    ax[1, 1].set_xlabel('epoch')
    ax[1, 1].set_ylabel('recall')
    ax[1, 1].legend()
    
    plt.tight_layout()
    plt.savefig('curves.png', dpi=300, bbox_inches='tight')
    plt.show()

def score_detector(net, x_hold, y_hold):
    """
    Score the detector on held-out blocks
    
    Reported:
    - accuracy: share of right verdicts
    - precision: share of flagged blocks that are truly anomalous
    - recall: share of anomalous blocks that get flagged
    - F1: harmonic mean of the two
    """
    print("\n" + "-"*50)
    print("HOLD-OUT SCORES")
    print("-"*50)
    
    # probabilities and hard verdicts
    probs = net.predict(x_hold)
    verdicts = (probs > 0.5).astype(int).flatten()
    
    # built-in metrics
    h_loss, h_acc, h_prec, h_rec = net.evaluate(x_hold, y_hold, verbose=0)
    
    print(f"accuracy: {h_acc:.4f}")
    print(f"precision: {h_prec:.4f}")
    print(f"recall: {h_rec:.4f}")
    print(f"loss: {h_loss:.4f}")
    
    # per-class table
    print("\nPer-class report:")
    print(classification_report(y_hold, verdicts, target_names=['Normal', 'Anomaly']))
    
    # confusion heatmap
    cm = confusion_matrix(y_hold, verdicts)
    plt.figure(figsize=(8, 6))
    sns.heatmap(cm, annot=True, fmt='d', cmap='Blues', 
                xticklabels=['Normal', 'Anomaly'],
                yticklabels=['Normal', 'Anomaly'])
    plt.title('Confusion matrix')
    plt.ylabel('true')
    plt.xlabel('predicted')
    plt.savefig('cm.png', dpi=300, bbox_inches='tight')
    plt.show()
    
    return verdicts, probs

def export_run(net, hist, enc, n_events, seq_width, attn):
    """
    Write the trained detector and everything needed to reuse it
    
    Saved so that one can:
    1. reload the detector and score new sessions
    2. continue training later
    3. encode new sessions the same way
    4. rebuild the custom pooling layer
    5. keep the template-mining settings
    
    Args:
    - net: trained Keras model
    - hist: History from fit
    - enc: fitted event encoder
    - n_events: number of event codes
    - seq_width: padded width used in training
    - attn: the AttnPool instance
    """
    import json
    from datetime import datetime
    from drain3 import TemplateMiner
    from drain3.template_miner_config import TemplateMinerConfig
    
    # output folder
    out_dir = "run_artifacts"
    os.makedirs(out_dir, exist_ok=True)
    
    # run stamp
    stamp = datetime.now().strftime("%Y%m%d_%H%M%S")
    
    print(f"Writing artifacts to {out_dir}")
    print("-"*50)
    
    # 1. whole model
    model_file = os.path.join(out_dir, "detector.h5")
    net.save(model_file)
    print(f"+ model: {model_file}")
    
    # 2. weights alone
    weights_file = os.path.join(out_dir, "detector_weights.h5")
    net.save_weights(weights_file)
    print(f"+ weights: {weights_file}")
    
    # 3. pooling layer state
    attn_file = os.path.join(out_dir, "attn_pool.pkl")
    attn_state = {
        'class_name': 'AttnPool',
        'weights': attn.get_weights() if hasattr(attn, 'get_weights') else None,
        'attention_weights': attn.get_attention_weights() if hasattr(attn, 'attention_weights') else None
    }
    with open(attn_file, 'wb') as fh:
        pickle.dump(attn_state, fh)
    print(f"+ pooling layer: {attn_file}")
    
    # 4. source of the pooling layer, for reloading
    attn_src_file = os.path.join(out_dir, "attn_pool_src.py")
    attn_src = '''
import tensorflow as tf
from tensorflow.keras.layers import Layer

class AttnPool(Layer):
    """
    Attention pooling over time (same as in training)

    Import this class before load_model so that the
    custom layer can be resolved.
    """
    
    def __init__(self, **kwargs):
        super(AttnPool, self).__init__(**kwargs)
    
    def build(self, input_shape):
        self.W = self.add_weight(
            name="Attention_Weight",
            shape=(input_shape[-1], 1),
            initializer="random_normal",
            trainable=True
        )
        self.b = self.add_weight(
            name="Attention_Bias", 
            shape=(input_shape[1], 1),
            initializer="zeros",
            trainable=True
        )
        super(AttnPool, self).build(input_shape)
    
    def call(self, x):
        scores = tf.tanh(tf.matmul(x, self.W) + self.b)
        scores = tf.squeeze(scores, axis=-1)
        w = tf.nn.softmax(scores, axis=1)
        self.attention_weights = w
        pooled = tf.reduce_sum(tf.expand_dims(w, -1) * x, axis=1)
        return pooled
    
    def get_attention_weights(self):
        return self.attention_weights
    
    def get_config(self):
        return super(AttnPool, self).get_config()
'''
    
    with open(attn_src_file, 'w') as fh:
        fh.write(attn_src)
    print(f"+ pooling layer source: {attn_src_file}")
    
    # 5. event encoder
    enc_file = os.path.join(out_dir, "event_encoder.joblib")
    joblib.dump(enc, enc_file)
    print(f"+ encoder: {enc_file}")
    
    # 6. template miner state
    try:
        # reach the mining step of the pipeline
        from datasets.Preprocessing import sessions  # the grouped sessions
        
        # fresh miner with the same settings
        cfg = TemplateMinerConfig()
        cfg.load("drain3.ini")
        miner = TemplateMiner(config=cfg)
        
        # miner pickle
        miner_file = os.path.join(out_dir, "miner.pkl")
        with open(miner_file, "wb") as fh:
            pickle.dump(miner, fh)
        print(f"+ miner: {miner_file}")
        
        # miner settings file
        miner_cfg_file = os.path.join(out_dir, "drain3_copy.ini")
        import shutil
        if os.path.exists("drain3.ini"):
            shutil.copy("drain3.ini", miner_cfg_file)
            print(f"+ miner settings: {miner_cfg_file}")
        
    except Exception as e:
        print(f"! could not store the miner: {e}")
        print("  re-run mining on new logs if needed")
    
    # 7. run description
    meta = {
        'model_info': {
            'timestamp': stamp,
            'vocab_size': n_events,
            'max_length': seq_width,
            'architecture': {
                'embedding_dim': 64,
                'lstm_units': 128,
                'has_attention': True,
                'attention_layer': 'custom'
            }
        },
        'training_info': {
            'total_epochs': len(hist.history['loss']),
            'final_train_accuracy': float(hist.history['accuracy'][-1]),
            'final_val_accuracy': float(hist.history['val_accuracy'][-1]),
            'final_train_loss': float(hist.history['loss'][-1]),
            'final_val_loss': float(hist.history['val_loss'][-1]),
        },
        'preprocessing_info': {
            'event_classes': enc.classes_.tolist(),
            'padding': 'post',
            'truncating': 'post',
            'padding_value': 0,
            'label_encoding': 'LabelEncoder'
        },
        'files_saved': {
            'model': 'detector.h5',
            'weights': 'detector_weights.h5',
            'label_encoder': 'event_encoder.joblib',
            'attention_layer': 'attn_pool.pkl',
            'attention_code': 'attn_pool_src.py',
            'drain_state': 'miner.pkl',
            'drain_config': 'drain3_copy.ini',
            'config': 'run.json',
            'history': 'history.pkl',
            'loading_instructions': 'RELOAD.md'
        }
    }
    
    meta_file = os.path.join(out_dir, "run.json")
    with open(meta_file, 'w') as fh:
        json.dump(meta, fh, indent=2)
    print(f"+ run description: {meta_file}")
    
    # 8. history
    hist_file = os.path.join(out_dir, "history.pkl")
    with open(hist_file, 'wb') as fh:
        pickle.dump(hist.history, fh)
    print(f"+ history: {hist_file}")
    
    # 9. reload notes
    notes = f"""# Reloading the HDFS detector

## Short way

```python
# helper from this project
from load_saved_model import load_hdfs_model

net, extras = load_hdfs_model('{out_dir}')
```

## By hand

```python
import joblib
import pickle
import json
from tensorflow.keras.models import load_model

# define the pooling layer first
exec(open('{out_dir}/attn_pool_src.py').read())

# model with its custom layer
net = load_model('{out_dir}/detector.h5', 
                  custom_objects={{'AttnPool': AttnPool}})

# event encoder
enc = joblib.load('{out_dir}/event_encoder.joblib')

# run description
with open('{out_dir}/run.json', 'r') as fh:
    meta = json.load(fh)

# template miner (for raw logs)
with open('{out_dir}/miner.pkl', 'rb') as fh:
    miner = pickle.load(fh)
```

## Run facts
- written: {datetime.now().strftime("%Y-%m-%d %H:%M:%S")}
- event codes: {n_events}
- session width: {seq_width}
- train accuracy: {hist.history['accuracy'][-1]:.4f}
- val accuracy: {hist.history['val_accuracy'][-1]:.4f}

## Files here:
- `detector.h5`: the full model
- `detector_weights.h5`: weights only
- `event_encoder.joblib`: event encoder
- `attn_pool.pkl`: pooling layer state
- `attn_pool_src.py`: pooling layer class
- `miner.pkl`: template miner
- `drain3_copy.ini`: miner settings
- `run.json`: run description
- `history.pkl`: per-epoch metrics
- `RELOAD.md`: this note

## Scoring new sessions:
1. reload as above
2. encode sessions with the stored encoder
3. pad them to width {seq_width}
4. call net.predict()

## Training further:
1. reload model and extras
2. mine new logs with the stored miner
3. encode with the stored encoder
4. call net.fit() again
"""
    
    notes_file = os.path.join(out_dir, "RELOAD.md")
    with open(notes_file, 'w') as fh:
        fh.write(notes)
    print(f"+ reload notes: {notes_file}")
    
    print(f"\n{'-'*50}")
    print("EXPORT FINISHED")
    print(f"{'-'*50}")
    print(f"Everything is in: {out_dir}")
    print(f"See {notes_file} for how to reload")
    print("\nWritten:")
    print("  + model and architecture")
    print("  + weights copy")
    print("  + pooling layer (source and state)")
    print("  + event encoder")
    print("  + template miner")
    print("  + run description")
    print("  + training history")
    print("  + reload notes")

def main():
    """
    Train, evaluate and export the detector
    """
    print("HDFS detector training")
    print("-"*60)
    
    # data overview
    print(f"sessions: {len(seq_arr)}")
    print(f"session width: {seq_arr.shape[1]}")
    print(f"event codes: {n_events}")
    print(f"anomaly share: {np.mean(labels):.2%}")
    
    # split off a hold-out set
    # stratified so both parts keep the anomaly share
    x_fit, x_hold, y_fit, y_hold = train_test_split(
        seq_arr, labels, 
        test_size=0.2,          # 20% held out
        random_state=42,        # fixed split
        stratify=labels              # same class balance
    )
    
    print(f"\nfit set: {x_fit.shape}")
    print(f"hold-out set: {x_hold.shape}")
    print(f"fit anomaly share: {np.mean(y_fit):.2%}")
    print(f"hold-out anomaly share: {np.mean(y_hold):.2%}")
    
    # network
    net, attn = build_detector(n_events, seq_arr.shape[1])
    
    # summary
    print("\nDetector:")
    net.summary()
    
    # fitting
    print("\nFitting...")
    hist = net.fit(
        x_fit, y_fit,
        batch_size=32,              # sessions per step
        epochs=20,                  # passes over the fit set
        validation_data=(x_hold, y_hold),  # hold-out doubles as validation
        verbose=1,                  # progress bar
        shuffle=True                # reshuffle each epoch
    )
    
    # curves
    plot_curves(hist)
    
    # scores
    verdicts, probs = score_detector(net, x_hold, y_hold)
    
    # export
    export_run(net, hist, event_enc, n_events, seq_arr.shape[1], attn)
    print("\nExport done.")
    
    # a few examples
    print("\nSample verdicts:")
    print("-" * 40)
    for k in range(5):
        truth = "Anomaly" if y_hold[k] == 1 else "Normal"
        guess = "Anomaly" if verdicts[k] == 1 else "Normal"
        conf = probs[k][0]
        print(f"#{k+1}: true={truth}, predicted={guess}, p={conf:.3f}")
    
    print("\nAll done.")
    return net, hist

# entry point
if __name__ == "__main__":
    net, hist = main()
