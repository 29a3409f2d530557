# Helper functions for the analysis notebooks: id mapping, compendium assembly, scaling.

import os
import pickle
import random
import tensorflow as tf
import numpy as np
import pandas as pd
import seaborn as sns
import matplotlib.pyplot as plt
from matplotlib_venn import venn2
from glob import glob


from sklearn.preprocessing import MinMaxScaler
from ponyo import simulate_expression_data


def set_all_seeds(np_seed=42, rn_seed=12345, tf_seed=1234):


    os.environ["PYTHONHASHSEED"] = "0"

    np.random.seed(np_seed)

    random.seed(rn_seed)
    tf.set_random_seed(tf_seed)


def replace_ensembl_ids(expression_df, gene_id_mapping):

    updated_mapping = gene_id_mapping.loc[
        ~gene_id_mapping.index.duplicated(keep="first")
    ]

    manual_mapping = {
        "ENSG00000187510.7": "PLEKHG7",
        "ENSG00000230417.11": "LINC00595",
        "ENSG00000255374.3": "TAS2R45",
        "ENSG00000276085.1": "CCL3L1",
    }

    for ensembl_id, gene_symbol in manual_mapping.items():
        updated_mapping.loc[ensembl_id].hgnc_symbol = gene_symbol

    updated_expression_df = expression_df.iloc[
        :, ~expression_df.columns.str.contains("PAR_Y")
    ]

    updated_expression_df.columns = updated_expression_df.columns.map(
        updated_mapping["hgnc_symbol"]
    )

    updated_expression_df = updated_expression_df.iloc[
        :, updated_expression_df.columns != ""
    ]

    updated_expression_df = updated_expression_df.iloc[
        :, updated_expression_df.columns.notnull()
    ]

    return updated_expression_df


def create_recount2_compendium(download_dir, output_filename):

    data_counts_filenames = glob(f"{download_dir}/*/t_data_counts.tsv")
    data_counts_filenames.sort()

    compendium_header = None
    with open(output_filename, "w") as ofh:
        for filename in data_counts_filenames:
            with open(filename) as ifh:
                file_header = ifh.readline()
                if compendium_header is None:
                    compendium_header = file_header
                    ofh.write(compendium_header)
                elif file_header != compendium_header:
                    raise Exception(f"Inconsistent header in {filename}")

                file_content = ifh.read()
                ofh.write(file_content)


def get_published_generic_genes(filename):

    df = pd.read_csv(filename, header=0, sep="\t")
    published_generic_genes = list(df["Gene_Name"])
    return published_generic_genes


def get_merged_gene_id_mapping(gene_id_filename, raw_ensembl_genes):

    original_gene_id_mapping = pd.read_csv(
        gene_id_filename, header=0, sep="\t", index_col=0
    )

    ensembl_gene_ids = pd.DataFrame(
        data={
            "ensembl_version": raw_ensembl_genes,
            "ensembl_parsed": [gene_id.split(".")[0] for gene_id in raw_ensembl_genes],
        }
    )

    merged_gene_id_mapping = pd.merge(
        original_gene_id_mapping,
        ensembl_gene_ids,
        left_on="ensembl_gene_id",
        right_on="ensembl_parsed",
        how="outer",
    )

    merged_gene_id_mapping.set_index("ensembl_version", inplace=True)

    return merged_gene_id_mapping


def get_renamed_columns(
    raw_ensembl_ids,
    merged_gene_id_mapping,
    manual_mapping,
    DE_prior_filename,
    shared_genes_filename,
):

    updated_mapping = merged_gene_id_mapping.loc[
        ~merged_gene_id_mapping.index.duplicated(keep="first")
    ]
    for ensembl_id, gene_symbol in manual_mapping.items():
        updated_mapping.loc[ensembl_id].hgnc_symbol = gene_symbol

    hgnc_to_cols = dict()
    for col_idx, ensembl_id in enumerate(raw_ensembl_ids):
        if "PAR_Y" in ensembl_id:
            continue

        hgnc_symbol = updated_mapping.loc[ensembl_id].hgnc_symbol

        if type(hgnc_symbol) == float or len(hgnc_symbol) == 0:
            continue

        if hgnc_symbol in hgnc_to_cols:
            hgnc_to_cols[hgnc_symbol].append(col_idx)
        else:
            hgnc_to_cols[hgnc_symbol] = [col_idx]

    our_gene_ids_hgnc = list(hgnc_to_cols.keys())

    published_generic_genes = get_published_generic_genes(DE_prior_filename)
    shared_genes_hgnc = list(
        set(our_gene_ids_hgnc).intersection(published_generic_genes)
    )

    shared_genes_hgnc.sort()

    if not os.path.exists(shared_genes_filename):
        with open(shared_genes_filename, "wb") as pkl_fh:
            pickle.dump(shared_genes_hgnc, pkl_fh, protocol=3)

    return (shared_genes_hgnc, hgnc_to_cols)


def map_recount2_data(
    raw_filename,
    gene_id_filename,
    manual_mapping,
    DE_prior_filename,
    shared_genes_filename,
    new_filename,
):

    raw_header_df = pd.read_csv(raw_filename, header=0, sep="\t", nrows=1)
    raw_ensembl_ids = list(raw_header_df.columns)
    if raw_ensembl_ids[0] == "Unnamed: 0":
        del raw_ensembl_ids[0]

    merged_gene_id_mapping = get_merged_gene_id_mapping(
        gene_id_filename, raw_ensembl_ids
    )

    shared_genes_hgnc, hgnc_to_cols = get_renamed_columns(
        raw_ensembl_ids,
        merged_gene_id_mapping,
        manual_mapping,
        DE_prior_filename,
        shared_genes_filename,
    )

    col_indexes = list()
    for hgnc in shared_genes_hgnc:
        col_indexes += hgnc_to_cols[hgnc]

    output_cols = [""]
    for hgnc in shared_genes_hgnc:
        output_cols += [hgnc] * len(hgnc_to_cols[hgnc])
    output_header = "\t".join(output_cols) + "\n"

    with open(new_filename, "w") as ofh:
        ofh.write(output_header)
        with open(raw_filename) as ifh:
            for line_num, line in enumerate(ifh):
                if line_num == 0:
                    continue
                tokens = line.strip("\n").split("\t")
                sample_id = tokens[0].strip('"')
                input_values = tokens[1:]
                output_values = list()
                for idx in col_indexes:
                    output_values.append(input_values[idx])
                ofh.write(sample_id + "\t" + "\t".join(output_values) + "\n")


def process_raw_template_pseudomonas(
    processed_compendium_filename,
    project_id,
    metadata_filename,
    metadata_delimiter,
    experiment_id_colname,
    sample_id_colname,
    raw_template_filename,
):

    sample_ids = simulate_expression_data.get_sample_ids(
        metadata_filename,
        metadata_delimiter,
        experiment_id_colname,
        project_id,
        sample_id_colname,
    )

    processed_compendium = pd.read_csv(
        processed_compendium_filename, header=0, index_col=0, sep="\t"
    )
    template_data = processed_compendium.loc[sample_ids]

    template_data.to_csv(raw_template_filename, sep="\t")


def normalize_compendium(
    mapped_filename, normalized_filename, scaler_filename,
):

    mapped_compendium_df = pd.read_table(
        mapped_filename, header=0, sep="\t", index_col=0
    )
    print(
        "input: dataset contains {} samples and {} genes".format(
            mapped_compendium_df.shape[0], mapped_compendium_df.shape[1]
        )
    )

    scaler = MinMaxScaler()

    normalized_compendium = scaler.fit_transform(mapped_compendium_df)
    normalized_compendium_df = pd.DataFrame(
        normalized_compendium,
        columns=mapped_compendium_df.columns,
        index=mapped_compendium_df.index,
    )

    normalized_compendium_df.to_csv(normalized_filename, float_format="%.3f", sep="\t")
    del normalized_compendium_df

    with open(scaler_filename, "wb") as pkl_fh:
        pickle.dump(scaler, pkl_fh, protocol=3)


def process_raw_compendium_pseudomonas(
    raw_filename, processed_filename, normalized_filename, scaler_filename,
):

    raw_compendium = pd.read_csv(raw_filename, header=0, index_col=0, sep="\t")

    if raw_compendium.shape[1] != 5549:
        processed_compendium = raw_compendium.T
    else:
        processed_compendium = raw_compendium

    assert processed_compendium.shape[1] == 5549

    processed_compendium.to_csv(processed_filename, sep="\t")

    normalize_compendium(processed_filename, normalized_filename, scaler_filename)


def process_raw_compendium_recount2(
    raw_filename,
    gene_id_filename,
    manual_mapping,
    DE_prior_filename,
    shared_genes_filename,
    mapped_filename,
    normalized_filename,
    scaler_filename,
):

    map_recount2_data(
        raw_filename,
        gene_id_filename,
        manual_mapping,
        DE_prior_filename,
        shared_genes_filename,
        mapped_filename,
    )

    normalize_compendium(mapped_filename, normalized_filename, scaler_filename)

