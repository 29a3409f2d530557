import time
from torch_geometric.datasets import Planetoid

#
# settings for the Cora citation graph
#

# the standard public split (GCN by Kipf & Welling, reused by the GAT paper)
CORA_TRAIN_SPAN = [0, 140]  # nodes 0..139 are the labelled training nodes
CORA_VAL_SPAN = [140, 140+500]
CORA_TEST_SPAN = [1708, 1708+1000]
CORA_INPUT_FEATURE_DIM = 1433
CORA_CLASS_COUNT = 7

from run import train_graph_attention

if __name__ == '__main__':
    print('data set: Cora')
    cora_dataset = Planetoid(root='./data/Cora', name='Cora')
    started_at = time.time()
    train_graph_attention(started_at, cora_dataset, CORA_TRAIN_SPAN, CORA_VAL_SPAN, CORA_TEST_SPAN, CORA_INPUT_FEATURE_DIM, CORA_CLASS_COUNT)
    print(f'whole run took {(time.time() - started_at):.2f} s')