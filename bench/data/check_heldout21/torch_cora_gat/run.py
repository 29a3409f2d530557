import enum

# which pass main loop is running: fitting, validating or testing
class RunStage(enum.Enum):
    TRAIN_PASS = 0,
    VAL_PASS = 1,
    TEST_PASS = 2


# Module-level state for early stopping: when the validation accuracy and loss stop improving for
# too many epochs in a row, the training loop below is left.
TOP_VAL_ACC = 0
LOWEST_VAL_LOSS = 0

import time
import torch
import torch.nn as nn
from torch.optim import Adam

from gat import GraphAttnModel

def train_graph_attention(started_at, graph_dataset, train_span, val_span, test_span, input_feature_dim, class_count):
    global TOP_VAL_ACC, LOWEST_VAL_LOSS

    dev = torch.device("cuda" if torch.cuda.is_available() else "cpu")  # GPU when there is one

    # 1) the graph itself
    node_feature_mat = graph_dataset[0].x.to(dev)
    all_labels = graph_dataset[0].y.to(dev)
    edges = graph_dataset[0].edge_index.to(dev)

    # node ids of the three splits
    train_ids = torch.arange(train_span[0], train_span[1], dtype=torch.long, device=dev)
    val_ids = torch.arange(val_span[0], val_span[1], dtype=torch.long, device=dev)
    test_ids = torch.arange(test_span[0], test_span[1], dtype=torch.long, device=dev)

    # 2) the network
    gat_model = GraphAttnModel(input_feature_dim, class_count, use_skip=True, use_bias=True, drop_p=0.6).to(dev)

    # 3) loss function and optimizer
    criterion_loss = nn.CrossEntropyLoss(reduction='mean')
    adam_optimizer = Adam(gat_model.parameters(), lr=0.005, weight_decay=0.0005)

    node_axis = 0  # transductive setting: the node axis of every tensor is axis 0
    # an inductive data set would need other shapes here; Cora is transductive
    # (so the features stay (N, FIN) for the whole graph)

    train_split_labels = all_labels.index_select(node_axis, train_ids)
    val_split_labels = all_labels.index_select(node_axis, val_ids)
    test_split_labels = all_labels.index_select(node_axis, test_ids)

    # features (N, FIN) and edge list (2, E)
    packed_graph_data = (node_feature_mat, edges)  # one tuple, as the nn.Sequential inside the model wants

    def run_phase_pass(stage, epoch_idx=0):
        global TOP_VAL_ACC, LOWEST_VAL_LOSS, WAIT_COUNT, tb_writer

        # dropout is only active in train mode,
        # so switch the mode to match the stage
        if stage == RunStage.TRAIN_PASS:
            gat_model.train()
        else:
            gat_model.eval()

        # the stage picks which node ids
        if stage == RunStage.TRAIN_PASS:
            split_ids = train_ids
        elif stage == RunStage.VAL_PASS:
            split_ids = val_ids
        else:
            split_ids = test_ids

        if stage == RunStage.TRAIN_PASS:
            split_labels = train_split_labels
        elif stage == RunStage.VAL_PASS:
            split_labels = val_split_labels
        else:
            split_labels = test_split_labels

        # run the whole graph and keep the scores of this split's nodes
        # ([0] takes the node features from the returned tuple; [1] would be the edges)
        # result: (n, C) with n the split's node count and C the class count
        raw_node_scores = gat_model(packed_graph_data)[0].index_select(node_axis, split_ids)

        # cross-entropy on logits: each node's row of C raw scores
        # is turned into probabilities by a softmax
        # (a row like [-1.4, 3.1, 9.6, ...] ends up with almost all of its mass on the largest entry),
        # and the loss is minus the log of the probability the true class gets,
        # averaged over the nodes of the split.
        # a node whose true class gets nearly all the probability contributes almost nothing,
        # so the loss falls towards 0 as the predictions become confident and right.
        step_loss = criterion_loss(gat_model(packed_graph_data)[0].index_select(node_axis, split_ids), split_labels)

        if stage == RunStage.TRAIN_PASS:
            adam_optimizer.zero_grad()  # drop the gradients of the previous step
            step_loss.backward()  # backpropagate
            adam_optimizer.step()  # update the weights

        # predicted class = the highest score of each node;
        # accuracy = the share of nodes whose prediction equals their label
        predicted_classes = torch.argmax(raw_node_scores, dim=-1)
        split_acc = torch.sum(torch.eq(predicted_classes, split_labels).long()).item() / len(split_labels)

        if stage == RunStage.VAL_PASS:
            if epoch_idx % 10 == 0:
                print(f'graph attention fit: {(time.time() - started_at):.2f} s so far | epoch {epoch_idx + 1} | validation accuracy {split_acc}')

            # early stopping: carry on while the validation accuracy rises
            # or the validation loss falls
            if split_acc > TOP_VAL_ACC or step_loss.item() < LOWEST_VAL_LOSS:
                TOP_VAL_ACC = max(split_acc, TOP_VAL_ACC)  # best validation accuracy seen
                LOWEST_VAL_LOSS = min(step_loss.item(), LOWEST_VAL_LOSS)
                WAIT_COUNT = 0  # improvement: start counting again
            else:
                WAIT_COUNT += 1  # one more epoch without improvement

            if WAIT_COUNT >= 100:
                raise Exception('Early stop: no validation improvement for 100 epochs.')

        else:
            return split_acc  # train and test passes hand back their accuracy

    TOP_VAL_ACC, LOWEST_VAL_LOSS = [0, 0]  # fresh early-stopping state

    # 4) the training loop
    for epoch_idx in range(100000):
        # one optimisation step
        run_phase_pass(stage=RunStage.TRAIN_PASS, epoch_idx=epoch_idx)

        # validation, without gradients
        with torch.no_grad():
            try:
                run_phase_pass(stage=RunStage.VAL_PASS, epoch_idx=epoch_idx)
            except Exception as stop_err:  # raised when patience runs out
                print(str(stop_err))
                break  # leave the training loop

    test_accuracy = run_phase_pass(stage=RunStage.TEST_PASS)
    print(f'accuracy on the test nodes: {test_accuracy}')