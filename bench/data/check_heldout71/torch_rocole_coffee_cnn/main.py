import pandas as pd
import numpy as np
import prep_leaves
import json
import svm_baseline
import leaf_cnn
import report_tools

def main():
    # flat-pixel SVM baseline
    # prep_leaves.resize_all(64, True, False) 
    # svm_baseline.run_svm(64)
    
    # convnet
    # prep_leaves.resize_all(128, False, True)
    fit_history, score_outputs, score_summary = leaf_cnn.run_cnn()
    scores = report_tools.summarize(score_outputs['guess'], score_outputs['truth'])
    cm_text = report_tools.confusion_text(score_outputs['guess'], score_outputs['truth'])
    report_tools.plot_acc(fit_history)
    report_tools.plot_loss(fit_history)
    print(scores)
    print(cm_text)
    

if __name__ == '__main__':
    main()