# K-means (TF Estimator) over Kaldi nnet3 example frames (806 MFCC values each) read from TFRecords; writes cluster ids per frame.

import tensorflow as tf
import multiprocessing
import sys

data_dir=sys.argv[1]

def parse_fn(record):
    '''Decode one serialized example into its raw MFCC vector.'''
    features={
        'mfccs': tf.FixedLenFeature([], tf.string)
    }
    parsed = tf.parse_single_example(record, features)  
    mfccs= tf.convert_to_tensor(tf.decode_raw(parsed['mfccs'], tf.float64))
    
    return {'mfccs': mfccs}

def my_input_fn(tfrecords_path, model):
    '''Input function for the Estimator: TFRecord reader, parse+batch, prefetch.'''

    dataset = (
        tf.data.TFRecordDataset(tfrecords_path,
                                num_parallel_reads=multiprocessing.cpu_count())
        .apply(
            tf.contrib.data.map_and_batch(
                map_func=parse_fn,
                batch_size=4096,
                num_parallel_batches=multiprocessing.cpu_count()
            )
        )
        .prefetch(4096)
    )
    
    iterator = dataset.make_one_shot_iterator()
    batch_mfccs = iterator.get_next()

    if model == "dnn":
        output = (batch_mfccs, batch_labels)
    elif model == "kmeans":
        output = batch_mfccs
      
    return batch_mfccs

def zscore(in_tensor):
    '''Min-max scale a feature tensor into [0, 1].'''
    out_tensor = tf.div(
        tf.subtract(
          in_tensor,
          tf.reduce_min(in_tensor)
        ),
        tf.subtract(
          tf.reduce_max(in_tensor),
          tf.reduce_min(in_tensor)
        )
    )
    return out_tensor

run_config = tf.estimator.RunConfig()

train_spec_kmeans = tf.estimator.TrainSpec(input_fn = lambda: my_input_fn( str(data_dir) + '/' + 'all.tfrecords', 'kmeans') , max_steps=2000)
eval_spec_kmeans = tf.estimator.EvalSpec(input_fn = lambda: my_input_fn( str(data_dir) + '/' + 'eval.tfrecords', 'kmeans') )

KMeansEstimator = tf.contrib.factorization.KMeansClustering(
    num_clusters=4096,
    feature_columns = [tf.feature_column.numeric_column(
        key='mfccs',
        dtype=tf.float64,
        shape=(806,),
        normalizer_fn =  lambda x: zscore(x)
    )],
    model_dir = '/tmp/tf',
    use_mini_batch = True,
    config = run_config)

print("Train and Evaluate K-Means")
tf.estimator.train_and_evaluate(KMeansEstimator, train_spec_kmeans, eval_spec_kmeans)

cluster_centers = KMeansEstimator.cluster_centers()
cluster_indices = list(KMeansEstimator.predict_cluster_index(input_fn = lambda: my_input_fn( str(data_dir) + '/' + 'all.tfrecords', 'kmeans')))

with open(str(data_dir) + '/' + "tf-labels.txt", "a") as outfile:
    for i in cluster_indices:
        index = i-1
        print(index, file=outfile)
